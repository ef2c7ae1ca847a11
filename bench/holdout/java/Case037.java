package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.FixedValue;
import org.example.holdout.helpers.Transformer;

@WebServlet("/diag/gateway")
public class Case037 extends HttpServlet {
    // The gateway check always targets the configured upstream, whatever the form says.
    private final Transformer prepare = new FixedValue("gw.internal.example.org");

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
