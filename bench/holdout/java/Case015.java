package org.example.holdout;

import java.io.IOException;
import java.security.MessageDigest;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/api/checksum")
public class Case015 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            java.util.Properties props = new java.util.Properties();
            props.load(getClass().getClassLoader().getResourceAsStream("app.properties"));
            String algorithm = props.getProperty("checksum.alg", "SHA-256");
            MessageDigest md = MessageDigest.getInstance(algorithm);
            response.getWriter().println(java.util.Base64.getEncoder().encodeToString(md.digest(body)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new ServletException(e);
        }
    }
}
