package org.example.holdout;

import java.io.IOException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/tokens/seal")
public class Case068 extends HttpServlet {
    private byte[] wrapKey;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String token = request.getParameter("token");
        try {
            byte[] iv = new byte[12];
            new SecureRandom().nextBytes(iv);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(wrapKey, "AES"), new GCMParameterSpec(128, iv));
            byte[] out = c.doFinal(token.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            response.getWriter().println(java.util.Base64.getUrlEncoder().encodeToString(iv) + "." + java.util.Base64.getUrlEncoder().encodeToString(out));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
