package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.example.holdout.helpers.Config;

@WebServlet("/tenant/reset")
public class Case043 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String which = request.getParameter("setting");
        String value = Config.lookup(which);
        HttpSession session = request.getSession(true);
        session.setAttribute("tenant", value);
        response.sendRedirect(request.getContextPath() + "/home");
    }
}
