package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/greeting")
public class Case021 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        String safe = org.springframework.web.util.HtmlUtils.htmlEscape(name == null ? "guest" : name);
        response.setContentType("text/html");
        response.getWriter().format("<p>Hello, %s!</p>", safe);
    }
}
