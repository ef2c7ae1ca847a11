package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/reports/render")
public class Case001 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        response.setContentType("text/html;charset=UTF-8");
        String title = request.getParameter("title");
        if (title == null) title = "";
        String heading = new Formatter().wrap(title);
        response.getWriter().println("<h1>" + heading + "</h1>");
    }

    private static class Formatter {
        String wrap(String value) {
            return "Report: " + value.trim();
        }
    }
}
