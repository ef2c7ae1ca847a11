package org.example.holdout;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/files/template")
public class Case008 extends HttpServlet {
    private static final String ROOT = "/var/app/templates/";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String requested = request.getParameter("template");
        String name = "default.html";
        int choice = 86;
        choice += 20;
        if ((7 * 18) + choice > 200) {
            name = "compact.html";
        } else {
            name = requested;
        }
        try (FileInputStream in = new FileInputStream(new File(ROOT, name))) {
            in.transferTo(response.getOutputStream());
        }
    }
}
