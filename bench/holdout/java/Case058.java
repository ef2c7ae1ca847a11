package org.example.holdout;

import java.io.IOException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/groups/exists")
public class Case058 extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String group = request.getParameter("group");
        try {
            // {0} is filled in by the provider, which escapes the argument.
            boolean any = ctx.search("ou=groups,dc=example,dc=org", "(&(objectClass=groupOfNames)(cn={0}))",
                    new Object[] {group}, new SearchControls()).hasMore();
            response.getWriter().println(any ? "found" : "none");
        } catch (javax.naming.NamingException e) {
            throw new ServletException(e);
        }
    }
}
