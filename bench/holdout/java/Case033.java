package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.RequestReader;

@WebServlet("/help/index")
public class Case033 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        RequestReader in = new RequestReader(request);
        String lang = in.fallbackLocale();
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().println("<html lang=\"" + lang + "\"><body><h1>Help</h1></body></html>");
    }
}
