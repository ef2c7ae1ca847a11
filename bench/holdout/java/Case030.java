package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/audit/record")
public class Case030 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String action = request.getParameter("action");
        String bar = Helpers.normalize(action);
        request.getSession().setAttribute("lastAction", bar);
        response.getWriter().println("ok");
    }
}

class Helpers {
    static String normalize(String s) {
        if (s == null) return "none";
        return s.strip().toLowerCase(java.util.Locale.ROOT);
    }
}
