package org.example.holdout;

import java.io.IOException;
import java.util.ArrayList;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;

@WebServlet("/cart/reset")
public class Case062 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        HttpSession session = request.getSession();
        if ("true".equals(request.getParameter("confirm"))) {
            session.setAttribute("cart", new ArrayList<String>());
            session.setAttribute("cart.updated", System.currentTimeMillis());
        }
        response.sendRedirect("cart.jsp");
    }
}
