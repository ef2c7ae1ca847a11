package org.example.holdout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/uploads/fingerprint")
public class Case066 extends HttpServlet {
    private static final String ALGORITHM = "SHA-512";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String name = request.getParameter("name");
        try {
            MessageDigest md = MessageDigest.getInstance(ALGORITHM);
            md.update(name.getBytes(StandardCharsets.UTF_8));
            md.update(request.getInputStream().readAllBytes());
            response.getWriter().println(java.util.HexFormat.of().formatHex(md.digest()));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new ServletException(e);
        }
    }
}
