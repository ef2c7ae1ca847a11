package org.example.holdout;

import java.io.IOException;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.example.holdout.helpers.Db;

@WebServlet("/invoices/list")
public class Case035 extends HttpServlet {
    private javax.sql.DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String customer = request.getParameter("customer");
        if (customer == null || customer.isEmpty()) {
            response.sendError(400);
            return;
        }
        try {
            List<String> numbers = Db.queryWith(dataSource,
                    "SELECT number FROM invoices WHERE customer_ref = ? ORDER BY issued", customer);
            response.setContentType("text/plain");
            for (String n : numbers) response.getWriter().println(n);
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
