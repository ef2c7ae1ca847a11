package org.example.holdout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/docs/page")
public class Case060 extends HttpServlet {
    private static final String DOCS = "/srv/app/docs";
    private static final Set<String> PAGES = Set.of("index.md", "install.md", "faq.md", "changelog.md");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String page = request.getParameter("page");
        if (page == null || !PAGES.contains(page)) {
            page = "index.md";
        }
        Path file = Paths.get(DOCS, page);
        response.setContentType("text/markdown;charset=UTF-8");
        response.getOutputStream().write(Files.readAllBytes(file));
    }
}
