package org.example.holdout;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/orders/find")
public class Case023 extends HttpServlet {
    private javax.sql.DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String customer = request.getParameter("customer");
        String sql = "SELECT id, total FROM orders WHERE customer = ? ORDER BY created DESC";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, customer);
            ResultSet rs = ps.executeQuery();
            while (rs.next()) response.getWriter().println(rs.getLong("id"));
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
