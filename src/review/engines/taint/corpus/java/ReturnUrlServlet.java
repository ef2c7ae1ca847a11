package com.example.web;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Logger;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class ReturnUrlServlet extends HttpServlet {
  private static final Logger LOG = Logger.getLogger(ReturnUrlServlet.class.getName());
  private static final Set<String> RETURN_HOSTS = Set.of("www.example.com", "accounts.example.com");
  private static final Set<String> HOOK_HOSTS = Set.of("hooks.partner.example");
  private final HttpClient client = HttpClient.newHttpClient();

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException, URISyntaxException {
    String returnUrl = request.getParameter("returnUrl");
    String host = new URI(returnUrl).getHost();
    if (host == null || !RETURN_HOSTS.contains(host.toLowerCase(Locale.ROOT))) {
      response.sendError(400, "unknown return host");
      return;
    }
    response.getWriter().println("<a href='" + returnUrl + "'>continue</a>"); // vuln: xss
    response.sendRedirect(returnUrl); // safe: open-redirect host allow-list on a derived host
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, URISyntaxException {
    String returnUrl = request.getParameter("returnUrl");
    String host = new URI(returnUrl).getHost();
    if (!RETURN_HOSTS.contains(host)) {
      LOG.warning("redirecting to an unlisted host");
    }
    response.sendRedirect(returnUrl); // vuln: open-redirect
  }

  protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException, URISyntaxException {
    String returnUrl = request.getParameter("returnUrl");
    String host = new URI(returnUrl).getHost();
    if (host == null || !host.endsWith("example.com")) {
      response.sendError(400);
      return;
    }
    response.sendRedirect(returnUrl); // vuln: open-redirect
  }

  protected void doOptions(HttpServletRequest request, HttpServletResponse response) throws IOException, URISyntaxException {
    String returnUrl = request.getParameter("returnUrl");
    URI parsed = new URI(returnUrl);
    if ("www.example.com".equals(parsed.getHost())) {
      response.sendRedirect(returnUrl); // safe: open-redirect host allow-list on a parsed URI
      return;
    }
    if (parsed.getHost() == null) {
      response.sendRedirect(returnUrl); // safe: open-redirect relative URI
      return;
    }
    if ("https".equals(parsed.getScheme())) {
      response.sendRedirect(returnUrl); // vuln: open-redirect
      return;
    }
    response.sendRedirect(request.getContextPath() + "/"); // safe: open-redirect constant
  }

  protected void doDelete(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String hook = request.getParameter("hook");
    URI target = new URI(hook);
    if (!HOOK_HOSTS.contains(target.getHost())) {
      response.sendError(403);
      return;
    }
    HttpRequest ping = HttpRequest.newBuilder(URI.create(hook)).build(); // safe: ssrf host allow-list on a parsed URI
    client.send(ping, HttpResponse.BodyHandlers.discarding());
    response.getWriter().println("pinged " + hook); // vuln: xss
  }

  protected void doHead(HttpServletRequest request, HttpServletResponse response) throws Exception {
    String hook = request.getParameter("hook");
    URI target = new URI(hook);
    if (!HOOK_HOSTS.contains(target.getHost())) {
      LOG.info("unlisted hook host");
    }
    HttpRequest ping = HttpRequest.newBuilder(URI.create(hook)).build(); // vuln: ssrf
    client.send(ping, HttpResponse.BodyHandlers.discarding());
  }

  protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException, URISyntaxException {
    String returnUrl = request.getParameter("returnUrl");
    String host = new URI(returnUrl).getHost();
    boolean trusted = host != null && RETURN_HOSTS.contains(host);
    if (!trusted) {
      response.sendError(400);
      return;
    }
    response.sendRedirect(returnUrl); // safe: open-redirect check held in a variable
  }

  protected void doTrace(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String feed = request.getParameter("feed");
    String feedHost = URI.create(feed).getHost(); // safe: ssrf only parsed for its host
    if (!HOOK_HOSTS.contains(feedHost)) {
      response.sendError(403);
      return;
    }
    try (InputStream in = new URL(feed).openStream()) { // safe: ssrf host allow-list on a derived host
      in.transferTo(response.getOutputStream());
    }
    String mirror = request.getParameter("mirror");
    LOG.info("mirror host " + new URL(mirror).getHost().replace('\n', '_')); // safe: ssrf only parsed for its host
    try (InputStream in = new URL(mirror).openStream()) { // vuln: ssrf
      in.transferTo(response.getOutputStream());
    }
  }
}
