package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/login/complete")
public class Case072 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String sid = request.getSession(true).getId();
        Cookie auth = new Cookie("AUTHSESSION", sid);
        auth.setPath("/");
        auth.setMaxAge(60 * 60 * 8);
        auth.setHttpOnly(true);
        auth.setSecure(true);
        response.addCookie(auth);
        response.sendRedirect("/dashboard");
    }
}
