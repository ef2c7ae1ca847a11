package org.example.holdout;

import java.io.IOException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/groups/members")
public class Case057 extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String[] groups = request.getParameterValues("group");
        String group = (groups != null && groups.length > 0) ? groups[0] : "staff";
        String filter = String.format("(&(objectClass=groupOfNames)(cn=%s))", group);
        try {
            boolean any = ctx.search("ou=groups,dc=example,dc=org", filter, new SearchControls()).hasMore();
            response.getWriter().println(any ? "found" : "none");
        } catch (javax.naming.NamingException e) {
            throw new ServletException(e);
        }
    }
}
