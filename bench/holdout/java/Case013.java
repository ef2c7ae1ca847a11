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

@WebServlet("/catalog/item")
public class Case013 extends HttpServlet {
    private Document catalog;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sku = request.getQueryString();
        String param = "";
        if (sku != null) {
            int i = sku.indexOf("sku=");
            if (i >= 0) param = java.net.URLDecoder.decode(sku.substring(i + 4), "UTF-8");
        }
        String bar = lookup(param);
        XPath xp = XPathFactory.newInstance().newXPath();
        try {
            String price = xp.evaluate("/catalog/item[@sku='" + bar + "']/price", catalog);
            response.getWriter().println(org.owasp.esapi.ESAPI.encoder().encodeForHTML(price));
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new ServletException(e);
        }
    }

    private static String lookup(String raw) {
        String sb = raw;
        return sb.toUpperCase();
    }
}
