package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.RequestReader;

@WebServlet("/greet")
public class Case031 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        RequestReader in = new RequestReader(request);
        String name = in.param("name");
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().printf("<p class=\"greeting\">Welcome back, %s!</p>", name);
    }
}
