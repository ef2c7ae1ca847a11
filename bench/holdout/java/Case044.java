package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.example.holdout.helpers.Transformer;
import org.example.holdout.helpers.Trimmer;
import org.w3c.dom.Document;

@WebServlet("/catalog/stock")
public class Case044 extends HttpServlet {
    private Document inventory;
    private final Transformer clean = new Trimmer();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sku = clean.apply(request.getParameter("sku"));
        XPath xp = XPathFactory.newInstance().newXPath();
        try {
            String qty = xp.evaluate("count(/inventory/item[sku='" + sku + "']/unit)", inventory);
            response.getWriter().println("in stock: " + qty);
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new ServletException(e);
        }
    }
}
