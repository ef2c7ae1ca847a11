package org.example.holdout;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/accounts/owner")
public class Case004 extends HttpServlet {
    private javax.sql.DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String owner = request.getHeader("X-Owner");
        List<String> parts = new ArrayList<>();
        parts.add("active");
        parts.add(owner);
        parts.add("archived");
        parts.remove(0);
        String filter = parts.get(0);
        String sql = "SELECT id, name FROM accounts WHERE owner = '" + filter + "'";
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery(sql);
            while (rs.next()) response.getWriter().println(rs.getInt(1));
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
