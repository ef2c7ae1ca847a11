package org.example.holdout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/media/convert")
public class Case053 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String size = request.getParameter("size");
        List<String> cmd = new ArrayList<>();
        cmd.add("bash");
        cmd.add("-c");
        cmd.add("convert /srv/media/in.png -resize " + size + " /srv/media/out.png");
        Process p = new ProcessBuilder(cmd).start();
        try {
            response.getWriter().println(p.waitFor() == 0 ? "done" : "failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
