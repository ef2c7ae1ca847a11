package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Passthrough;
import org.example.holdout.helpers.Transformer;

@WebServlet("/diag/trace")
public class Case036 extends HttpServlet {
    private final Transformer prepare = new Passthrough();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String host = prepare.apply(request.getParameter("host"));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", "traceroute -m 10 " + host);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        response.setContentType("text/plain");
        p.getInputStream().transferTo(response.getOutputStream());
    }
}
