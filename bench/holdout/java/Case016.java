package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/api/legacy-checksum")
public class Case016 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA1", "SUN");
            response.getWriter().println(java.util.Base64.getEncoder().encodeToString(md.digest(body)));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
