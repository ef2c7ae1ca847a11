package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/profile/remember")
public class Case011 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        java.util.Enumeration<String> names = request.getHeaderNames();
        String locale = "en";
        while (names.hasMoreElements()) {
            String h = names.nextElement();
            if (h.equalsIgnoreCase("X-Locale")) {
                locale = request.getHeader(h);
            }
        }
        request.getSession().setAttribute("locale", locale);
        response.getWriter().println("saved");
    }
}
