package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/repo/grep")
public class Case026 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String pattern = request.getHeader("X-Pattern");
        String[] cmd = {"/bin/sh", "-c", "grep -rn " + pattern + " /srv/repo"};
        Process p = Runtime.getRuntime().exec(cmd);
        p.getInputStream().transferTo(response.getOutputStream());
    }
}
