package com.example.web;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class TryHandlers extends HttpServlet {
  private Connection conn;

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String next = req.getParameter("next");
    int page;
    try {
      page = Integer.parseInt(req.getParameter("page"));
    } catch (NumberFormatException e) {
      resp.sendError(400, "bad page");
      return;
    }
    resp.getWriter().println("<p>Page " + page + "</p>"); // safe: xss parsed integer
    resp.sendRedirect(next); // vuln: open-redirect
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String title = req.getParameter("title");
    try (PreparedStatement ps = conn.prepareStatement("INSERT INTO notes(title) VALUES (?)")) {
      ps.setString(1, title);
      ps.executeUpdate(); // safe: sql-injection parameterized
    } catch (SQLException e) {
      resp.getWriter().println("<p>Could not save " + title + "</p>"); // vuln: xss
      return;
    } finally {
      resp.setHeader("Cache-Control", "no-store");
    }
    resp.getWriter().println("<p>Saved " + title + "</p>"); // vuln: xss
  }
}
