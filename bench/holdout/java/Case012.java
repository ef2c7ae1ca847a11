package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/profile/theme")
public class Case012 extends HttpServlet {
    private static final java.util.Set<String> THEMES = java.util.Set.of("light", "dark", "contrast");

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String theme = request.getParameter("theme");
        if (theme == null || !THEMES.contains(theme)) {
            response.sendError(400, "unknown theme");
            return;
        }
        request.getSession().setAttribute("theme", theme);
        response.getWriter().println("saved");
    }
}
