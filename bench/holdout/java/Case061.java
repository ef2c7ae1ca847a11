package org.example.holdout;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/wizard/step")
public class Case061 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Deque<String> steps = new ArrayDeque<>();
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (c.getName().startsWith("step-")) steps.push(c.getValue());
            }
        }
        String current = steps.isEmpty() ? "start" : steps.peek();
        request.getSession().setAttribute("wizard.step", current);
        response.sendRedirect("wizard.jsp");
    }
}
