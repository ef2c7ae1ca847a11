package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.namespace.QName;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

@WebServlet("/staff/in-dept")
public class Case070 extends HttpServlet {
    private Document staff;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        final String dept = request.getParameter("dept");
        XPath xp = XPathFactory.newInstance().newXPath();
        xp.setXPathVariableResolver((QName name) -> "dept".equals(name.getLocalPart()) ? dept : null);
        try {
            NodeList names = (NodeList) xp.evaluate("//employee[department=$dept]/name", staff, XPathConstants.NODESET);
            response.getWriter().println(names.getLength() + " employees");
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new ServletException(e);
        }
    }
}
