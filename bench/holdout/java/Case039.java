package org.example.holdout;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.RequestReader;
import org.example.holdout.helpers.Storage;

@WebServlet("/reports/open")
public class Case039 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String last = Storage.safeName(new RequestReader(request).cookie("lastReport"));
        File file = new File(Storage.REPORTS, last);
        response.setContentType("application/pdf");
        try (InputStream in = new FileInputStream(file)) {
            in.transferTo(response.getOutputStream());
        }
    }
}
