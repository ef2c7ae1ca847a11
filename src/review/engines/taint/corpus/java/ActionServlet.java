package com.example.admin;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.Set;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

// A servlet that runs the method its `action` parameter names through reflection (a hand-rolled dispatcher
// of older web apps), beside the same dispatch kept to a method prefix, an allow-list, or the HTTP method.
public class ActionServlet extends HttpServlet {
  private static final Set<String> ACTIONS = Set.of("list", "show", "archive");

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String action = req.getParameter("action");
    try {
      Method m = getClass().getMethod(action, HttpServletRequest.class, HttpServletResponse.class); // vuln: unsafe-reflection
      m.invoke(this, req, resp);
    } catch (ReflectiveOperationException e) {
      resp.sendError(400);
    }
  }

  @Override
  protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    try {
      Method m = ActionServlet.class.getDeclaredMethod(req.getParameter("op"), HttpServletRequest.class); // vuln: unsafe-reflection
      m.invoke(this, req);
    } catch (ReflectiveOperationException e) {
      resp.sendError(400);
    }
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String action = req.getParameter("action");
    try {
      Method m = getClass().getMethod("handle" + action, HttpServletRequest.class, HttpServletResponse.class); // safe: unsafe-reflection fixed method prefix
      m.invoke(this, req, resp);
    } catch (ReflectiveOperationException e) {
      resp.sendError(400);
    }
  }

  @Override
  protected void doDelete(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String action = req.getParameter("action");
    if (!ACTIONS.contains(action)) {
      resp.sendError(404);
      return;
    }
    try {
      Method m = getClass().getMethod(action, HttpServletRequest.class, HttpServletResponse.class); // safe: unsafe-reflection allow-list
      m.invoke(this, req, resp);
    } catch (ReflectiveOperationException e) {
      resp.sendError(400);
    }
  }

  @Override
  protected void doOptions(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    try {
      Method m = getClass().getMethod("on" + req.getMethod()); // safe: unsafe-reflection fixed method prefix
      m.invoke(this);
    } catch (ReflectiveOperationException e) {
      resp.sendError(400);
    }
    resp.setHeader("Allow", req.getMethod()); // safe: trust-boundary the server's parsed method
  }

  public void list(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.getWriter().print("[]");
  }
}
