package org.example.holdout;

import java.io.IOException;
import java.security.MessageDigest;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Algorithms;

@WebServlet("/apikeys/v1/verify")
public class Case046 extends HttpServlet {
    private java.util.Map<String, String> storedKeyHashes;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String keyId = request.getHeader("X-Key-Id");
        String presented = request.getHeader("X-Api-Key");
        if (keyId == null || presented == null) {
            response.sendError(401);
            return;
        }
        try {
            MessageDigest md = MessageDigest.getInstance(Algorithms.LEGACY_DIGEST);
            byte[] sum = md.digest(presented.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            String expected = storedKeyHashes.get(keyId);
            boolean ok = expected != null && MessageDigest.isEqual(
                    java.util.HexFormat.of().parseHex(expected), sum);
            response.setStatus(ok ? 204 : 403);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new ServletException(e);
        }
    }
}
