package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.esapi.ESAPI;

@WebServlet("/error/return")
public class Case056 extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String back = request.getHeader("Referer");
        if (back == null) back = "/";
        String safe = ESAPI.encoder().encodeForHTMLAttribute(back);
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().format("<p>Something went wrong. <a href=\"%s\">Go back</a></p>", safe);
    }
}
