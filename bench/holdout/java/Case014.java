package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;

@WebServlet("/catalog/featured")
public class Case014 extends HttpServlet {
    private Document catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sku = request.getParameter("sku");
        String bar = lookup(sku);
        XPath xp = XPathFactory.newInstance().newXPath();
        try {
            String price = xp.evaluate("/catalog/item[@sku='" + bar + "']/price", catalog);
            response.getWriter().println(org.owasp.esapi.ESAPI.encoder().encodeForHTML(price));
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new ServletException(e);
        }
    }

    private static String lookup(String raw) {
        // Only the featured item is ever shown here.
        return "FEATURED-001";
    }
}
