package org.example.holdout;

import java.io.IOException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Algorithms;

@WebServlet("/archive/v2/seal")
public class Case049 extends HttpServlet {
    private byte[] archiveKey;
    private final SecureRandom rng = new SecureRandom();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            SecretKey key = new SecretKeySpec(archiveKey, "AES");
            byte[] iv = new byte[12];
            rng.nextBytes(iv);
            Cipher cipher = Cipher.getInstance(Algorithms.CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            response.setContentType("application/octet-stream");
            response.getOutputStream().write(iv);
            response.getOutputStream().write(cipher.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
