package org.example.holdout;

import java.io.IOException;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.AccountDao;
import org.example.holdout.helpers.RequestReader;

@WebServlet("/accounts/mine")
public class Case050 extends HttpServlet {
    private AccountDao accounts;

    @Override
    public void init() throws ServletException {
        accounts = new AccountDao((javax.sql.DataSource) getServletContext().getAttribute("ds"));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String owner = new RequestReader(request).cookie("owner");
        try {
            List<Long> ids = accounts.findByOwner(owner);
            response.setContentType("application/json");
            response.getWriter().print(ids.toString());
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
