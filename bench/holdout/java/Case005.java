package org.example.holdout;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/tools/ping")
public class Case005 extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> settings = new HashMap<>();
        settings.put("target", request.getParameter("host"));
        settings.put("count", "3");
        String count = settings.get("count");
        Process p = Runtime.getRuntime().exec("ping -c " + count + " localhost");
        response.getWriter().println("exit " + p.exitValue());
    }
}
