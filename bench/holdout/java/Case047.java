package org.example.holdout;

import java.io.IOException;
import java.security.MessageDigest;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Algorithms;

@WebServlet("/export/digest")
public class Case047 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] payload = request.getInputStream().readAllBytes();
        try {
            MessageDigest md = MessageDigest.getInstance(Algorithms.DIGEST);
            byte[] sum = md.digest(payload);
            response.setHeader("X-Checksum", java.util.HexFormat.of().formatHex(sum));
            response.setStatus(204);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new ServletException(e);
        }
    }
}
