package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.example.holdout.helpers.RequestReader;

@WebServlet("/tenant/select")
public class Case042 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        RequestReader in = new RequestReader(request);
        String tenant = in.header("X-Tenant");
        HttpSession session = request.getSession(true);
        if (!tenant.isEmpty()) {
            session.setAttribute("tenant", tenant);
        }
        response.sendRedirect(request.getContextPath() + "/home");
    }
}
