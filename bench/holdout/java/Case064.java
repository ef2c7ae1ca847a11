package org.example.holdout;

import java.io.IOException;
import java.security.SecureRandom;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/password/otp")
public class Case064 extends HttpServlet {
    private static final SecureRandom RNG = new SecureRandom();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String email = request.getParameter("email");
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            code.append(RNG.nextInt(10));
        }
        request.getSession().setAttribute("reset.code", code.toString());
        getServletContext().log("reset code issued for " + email.hashCode());
        response.getWriter().println("A code has been sent.");
    }
}
