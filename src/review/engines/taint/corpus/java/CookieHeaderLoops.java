package com.example.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Enumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

// Values picked out of the cookie and header loops servlets write: the assignment before `break`
// is the value that leaves the loop.
public class PreferencesServlet extends HttpServlet {
  private DirContext ctx;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String theme = "light";
    Cookie[] cookies = request.getCookies();
    if (cookies != null) {
      for (Cookie c : cookies) {
        if (c.getName().equals("theme")) {
          theme = c.getValue();
          break;
        }
      }
    }
    response.setContentType("text/html");
    PrintWriter out = response.getWriter();
    out.println("<body class='" + theme + "'>"); // vuln: xss

    String lang = "en";
    for (Cookie c : cookies) {
      if (c.getName().equals("lang")) {
        lang = "de";
        break;
      }
    }
    out.println("<html lang='" + lang + "'>"); // safe: xss constant
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String user = "";
    Enumeration<String> names = request.getHeaderNames();
    while (names.hasMoreElements()) {
      String name = names.nextElement();
      if (name.startsWith("X-Internal")) {
        continue;
      }
      if (name.equalsIgnoreCase("X-User")) {
        user = request.getHeader(name);
        break;
      }
    }
    Runtime.getRuntime().exec("id " + user); // vuln: command-injection

    String group = "staff";
    Enumeration<String> more = request.getHeaderNames();
    while (more.hasMoreElements()) {
      String name = more.nextElement();
      if (name.equalsIgnoreCase("X-Group")) {
        group = "admin";
        break;
      }
    }
    Runtime.getRuntime().exec("id -G " + group); // safe: command-injection constant
  }

  @Override
  protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String uid = null;
    for (Cookie c : request.getCookies()) {
      switch (c.getName()) {
        case "uid":
          uid = c.getValue();
          break;
        default:
          break;
      }
    }
    try {
      ctx.search("ou=people,dc=example,dc=com", "(uid=" + uid + ")", new SearchControls()); // vuln: ldap-injection
    } catch (Exception e) {
      throw new IOException(e);
    }
    String found = "none";
    for (Cookie c : request.getCookies()) {
      if (c.getName().equals("uid")) {
        found = c.getValue();
        found = "checked";
        break;
      }
    }
    response.getWriter().println(found); // safe: xss overwritten
  }
}
