package org.example.holdout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/users/register")
public class Case065 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String password = request.getParameter("password");
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA1");
            byte[] hash = sha.digest(password.getBytes(StandardCharsets.UTF_8));
            request.getSession().setAttribute("pending.hash", java.util.Base64.getEncoder().encodeToString(hash));
            response.getWriter().println("registered");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new ServletException(e);
        }
    }
}
