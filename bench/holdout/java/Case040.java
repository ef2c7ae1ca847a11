package org.example.holdout;

import java.io.IOException;
import java.util.List;
import javax.naming.directory.DirContext;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Directory;

@WebServlet("/people/find")
public class Case040 extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String mail = request.getParameter("mail");
        try {
            List<String> dns = Directory.search(ctx, "(&(objectClass=person)(mail=" + mail + "))");
            response.getWriter().println(dns.size() + " match(es)");
        } catch (javax.naming.NamingException e) {
            throw new ServletException(e);
        }
    }
}
