package org.example.holdout;

import java.io.IOException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Algorithms;

@WebServlet("/archive/v1/seal")
public class Case048 extends HttpServlet {
    private byte[] archiveKey;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            SecretKey key = new SecretKeySpec(archiveKey, "DES");
            Cipher cipher = Cipher.getInstance(Algorithms.ARCHIVE_CIPHER);
            cipher.init(Cipher.ENCRYPT_MODE, key);
            response.setContentType("application/octet-stream");
            response.getOutputStream().write(cipher.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
