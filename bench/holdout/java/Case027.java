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

@WebServlet("/docs/read")
public class Case027 extends HttpServlet {
    private static final Path BASE = Paths.get("/srv/docs").toAbsolutePath().normalize();

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String file = request.getParameter("file");
        Path target = BASE.resolve(file).normalize();
        if (!target.startsWith(BASE)) {
            response.sendError(403);
            return;
        }
        response.getOutputStream().write(Files.readAllBytes(target));
    }
}
