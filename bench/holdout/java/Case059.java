package org.example.holdout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/docs/raw")
public class Case059 extends HttpServlet {
    private static final String DOCS = "/srv/app/docs";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String page = request.getPathInfo();
        if (page == null || page.length() < 2) page = "/index.md";
        Path file = Paths.get(DOCS, page.substring(1));
        response.setContentType("text/markdown;charset=UTF-8");
        response.getOutputStream().write(Files.readAllBytes(file));
    }
}
