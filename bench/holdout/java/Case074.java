package org.example.holdout;

import java.io.IOException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/share/link")
public class Case074 extends HttpServlet {
    private byte[] linkKey;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String doc = request.getParameter("doc");
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(linkKey, "HmacSHA256"));
            String sig = java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(doc.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            response.setContentType("text/html;charset=UTF-8");
            response.getWriter().println("<code class=\"signature\">" + sig + "</code>");
        } catch (java.security.GeneralSecurityException e) {
            throw new ServletException(e);
        }
    }
}
