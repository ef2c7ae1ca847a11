package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

@WebServlet("/staff/by-dept")
public class Case069 extends HttpServlet {
    private Document staff;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String dept = request.getParameter("dept");
        XPath xp = XPathFactory.newInstance().newXPath();
        try {
            XPathExpression expr = xp.compile("//employee[department='" + dept + "']/name");
            NodeList names = (NodeList) expr.evaluate(staff, XPathConstants.NODESET);
            response.getWriter().println(names.getLength() + " employees");
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new ServletException(e);
        }
    }
}
