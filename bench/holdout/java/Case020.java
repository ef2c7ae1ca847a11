package org.example.holdout;

import java.io.IOException;
import javax.crypto.Cipher;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/vault/legacy")
public class Case020 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            javax.crypto.SecretKey key = javax.crypto.KeyGenerator.getInstance("DES").generateKey();
            Cipher c = Cipher.getInstance("DES/CBC/PKCS5Padding");
            c.init(Cipher.ENCRYPT_MODE, key);
            byte[] sealed = c.doFinal(request.getParameter("secret").getBytes("UTF-8"));
            response.getWriter().println(java.util.Base64.getEncoder().encodeToString(sealed));
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
