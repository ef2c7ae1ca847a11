package com.example.web;

import java.io.IOException;
import java.net.URI;
import java.util.Set;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class LoginRedirects extends HttpServlet {
  private static final Set<String> TRUSTED = Set.of("www.example.com", "shop.example.com");

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String target = request.getParameter("returnTo");
    if (TRUSTED.contains(new URI(target).getHost())) {
      response.sendRedirect(target); // safe: open-redirect allow-list
      return;
    }
    if ("www.example.com".equals(new URI(target).getHost())) {
      response.sendRedirect(target); // safe: open-redirect allow-list
      return;
    }
    if ("https".equals(new URI(target).getScheme())) {
      response.sendRedirect(target); // vuln: open-redirect
      return;
    }
    response.sendRedirect(request.getContextPath() + "/home"); // safe: open-redirect constant
  }
}
