package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/session/token")
public class Case017 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        long seed = System.nanoTime();
        java.util.Random r = new java.util.Random(seed);
        String token = Long.toHexString(r.nextLong());
        Cookie c = new Cookie("remember", token);
        c.setSecure(true);
        c.setHttpOnly(true);
        response.addCookie(c);
    }
}
