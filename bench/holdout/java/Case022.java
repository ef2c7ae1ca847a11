package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/welcome")
public class Case022 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        java.util.Map<String, String[]> params = request.getParameterMap();
        String name = "guest";
        String[] values = params.get("name");
        if (values != null && values.length > 0) name = values[0];
        StringBuilder sb = new StringBuilder();
        sb.append("<p>Welcome back, ").append(name).append("</p>");
        response.setContentType("text/html");
        response.getWriter().write(sb.toString());
    }
}
