package org.example.holdout;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.jdbc.core.JdbcTemplate;

@WebServlet("/orders/by-status")
public class Case024 extends HttpServlet {
    private JdbcTemplate jdbc;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String status = request.getParameter("status");
        String bar = new Object() {
            String pick(String s) { return s == null ? "open" : s; }
        }.pick(status);
        java.util.List<java.util.Map<String, Object>> rows = jdbc.queryForList("SELECT id FROM orders WHERE status = '" + bar + "'");
        response.getWriter().println(rows.size());
    }
}
