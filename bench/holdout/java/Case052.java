package org.example.holdout;

import java.io.IOException;
import java.sql.Connection;
import java.sql.Statement;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/tickets/close")
public class Case052 extends HttpServlet {
    private javax.sql.DataSource dataSource;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String param = request.getParameter("reason");
        int num = 86;
        String bar;
        if ((7 * 42) - num > 200) {
            bar = "resolved";
        } else {
            bar = param;
        }
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            int n = st.executeUpdate("UPDATE tickets SET state = 'closed', reason = '" + bar + "' WHERE age_days > 90");
            response.getWriter().println(n + " closed");
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
