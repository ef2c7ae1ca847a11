package org.example.holdout;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

@WebServlet("/tickets/filter")
public class Case051 extends HttpServlet {
    private javax.sql.DataSource dataSource;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        Map<String, String> criteria = new LinkedHashMap<>();
        criteria.put("status", "open");
        criteria.put("assignee", request.getParameter("assignee"));
        StringBuilder where = new StringBuilder();
        for (Map.Entry<String, String> e : criteria.entrySet()) {
            if (where.length() > 0) where.append(" AND ");
            where.append(e.getKey()).append(" = '").append(e.getValue()).append("'");
        }
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT id FROM tickets WHERE " + where);
            while (rs.next()) response.getWriter().println(rs.getLong(1));
        } catch (java.sql.SQLException e) {
            throw new ServletException(e);
        }
    }
}
