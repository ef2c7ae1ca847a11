package org.example.holdout;

import java.io.IOException;
import javax.naming.NamingEnumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Text;

@WebServlet("/people/lookup")
public class Case041 extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String mail = Text.ldap(request.getParameter("mail"));
        String filter = "(&(objectClass=person)(mail=" + mail + "))";
        try {
            NamingEnumeration<SearchResult> found = ctx.search("ou=people,dc=example,dc=org", filter, new SearchControls());
            int n = 0;
            while (found.hasMore()) { found.next(); n++; }
            response.getWriter().println(n + " match(es)");
        } catch (javax.naming.NamingException e) {
            throw new ServletException(e);
        }
    }
}
