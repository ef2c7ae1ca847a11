package org.example.holdout;

import java.io.IOException;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/directory/team")
public class Case010 extends HttpServlet {
    private DirContext ctx;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String uid = request.getParameter("uid");
        String bar;
        String guess = "ABC";
        char switchTarget = guess.charAt(1);
        switch (switchTarget) {
            case 'A': bar = uid; break;
            case 'B': bar = "bob"; break;
            case 'C': bar = uid; break;
            default: bar = "nobody"; break;
        }
        try {
            ctx.search("ou=people,dc=example,dc=org", "(uid=" + bar + ")", new SearchControls());
        } catch (javax.naming.NamingException e) {
            throw new ServletException(e);
        }
    }
}
