package org.example.holdout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/repo/log")
public class Case025 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String branch = request.getParameter("branch");
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.add("log");
        cmd.add("--oneline");
        cmd.add("--");
        cmd.add(branch);
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Process p = pb.start();
        p.getInputStream().transferTo(response.getOutputStream());
    }
}
