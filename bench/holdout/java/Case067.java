package org.example.holdout;

import java.io.IOException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/tokens/wrap")
public class Case067 extends HttpServlet {
    private static final String TRANSFORMATION = "Blowfish/ECB/PKCS5Padding";
    private byte[] wrapKey;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String token = request.getParameter("token");
        try {
            Cipher c = Cipher.getInstance(TRANSFORMATION);
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(wrapKey, "Blowfish"));
            byte[] out = c.doFinal(token.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            response.getWriter().println(java.util.Base64.getUrlEncoder().encodeToString(out));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
