package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/ops/status")
public class Case054 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String extra = request.getParameter("extra");
        String command;
        String mode = "B";
        switch (mode) {
            case "A":
                command = "df -h " + extra;
                break;
            case "B":
                command = "uptime";
                break;
            default:
                command = "whoami " + extra;
        }
        Process p = Runtime.getRuntime().exec(command);
        response.setContentType("text/plain");
        p.getInputStream().transferTo(response.getOutputStream());
    }
}
