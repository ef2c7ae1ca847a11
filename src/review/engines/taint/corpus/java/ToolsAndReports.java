package com.example.tools;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.apache.commons.text.StringEscapeUtils;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.rowset.SqlRowSet;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

class HostTools {
  static String[] pingArgs(String host) {
    return new String[] {"ping", "-c", "1", host};
  }
}

// Network tools run by a servlet: argument vectors versus shell command lines.
public class NetToolsServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String host = request.getParameter("host");
    Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host}); // vuln: command-injection
    Runtime.getRuntime().exec(new String[] {"ping", "-c", "1", host}); // safe: command-injection argument array
    String[] shellArgs = {"/bin/bash", "-c", "traceroute " + host};
    Runtime.getRuntime().exec(shellArgs); // vuln: command-injection
    String[] plainArgs = {"traceroute", "-m", "10", host};
    Runtime.getRuntime().exec(plainArgs); // safe: command-injection argument array
    String[] env = {"LANG=C", "TARGET=" + host};
    Runtime.getRuntime().exec("ping -c 1 localhost", env); // vuln: command-injection
    Runtime.getRuntime().exec("ping -c 1 localhost", new String[] {"LANG=C"}); // safe: command-injection constant
    String tool = request.getParameter("tool");
    Runtime.getRuntime().exec(new String[] {tool, "--version"}); // vuln: command-injection
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String host = request.getParameter("host");
    ProcessBuilder pb = new ProcessBuilder();
    pb.command("sh", "-c", "nslookup " + host); // vuln: command-injection
    pb.command("nslookup", host); // safe: command-injection argument array
    pb.command(Arrays.asList("cmd.exe", "/c", "nslookup " + host)); // vuln: command-injection
    pb.command(Arrays.asList("nslookup", "-type=mx", host)); // safe: command-injection argument array
    List<String> argv = List.of("dig", "+short", host);
    new ProcessBuilder(argv).start(); // safe: command-injection argument array
    new ProcessBuilder("cmd.exe", "/c", "dig " + host).start(); // vuln: command-injection
    String os = System.getProperty("os.name");
    String a1 = os.contains("Windows") ? "cmd.exe" : "sh";
    String a2 = os.contains("Windows") ? "/c" : "-c";
    String[] args = {a1, a2, "echo " + host};
    new ProcessBuilder(args).start(); // vuln: command-injection
    String[] fixedShell = {"sh", "-c", "uptime"};
    new ProcessBuilder(fixedShell).start(); // safe: command-injection constant
  }
}

// Reports written with PrintWriter's format methods.
public class ReportServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String title = request.getParameter("title");
    response.setContentType("text/html;charset=UTF-8");
    response.getWriter().format("<h1>%s</h1>", title); // vuln: xss
    response.getWriter().printf(Locale.US, "<h2>%s</h2>", title); // vuln: xss
    PrintWriter out = response.getWriter();
    out.format("<p>%s</p>", StringEscapeUtils.escapeHtml4(title)); // safe: xss sanitized
    out.printf("<p>%d rows</p>", Integer.parseInt(request.getParameter("n"))); // safe: xss sanitized
    out.printf("<p>%s</p>", title); // vuln: xss
    response.setHeader("X-Report-Title", title); // safe: xss header only
    response.addHeader("X-Report", "r-" + title); // safe: xss header only
    out.format("<p>%s</p>", "static"); // safe: xss constant
  }
}

// Catalogue lookups with XPath: a quote replaced by &apos; cannot end the string literal.
public class CatalogueServlet extends HttpServlet {
  private Document catalogue;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String title = request.getParameter("title");
    XPath xp = XPathFactory.newInstance().newXPath();
    try {
      String quoted = title.replace("'", "&apos;");
      xp.evaluate("//book[title='" + quoted + "']/price", catalogue); // safe: xpath-injection sanitized
      xp.evaluate("//book[title='" + title.replace("\"", "") + "']/price", catalogue); // vuln: xpath-injection
      xp.evaluate("//book[@id='" + Integer.parseInt(request.getParameter("id")) + "']", catalogue); // safe: xpath-injection sanitized
      xp.compile("//book[author='" + request.getParameter("author") + "']"); // vuln: xpath-injection
    } catch (Exception e) {
      throw new IOException(e);
    }
  }
}

// Session attributes: request data as an attribute's name crosses the trust boundary too.
public class WizardServlet extends HttpServlet {
  private static final List<String> STEPS = List.of("start", "review", "done");

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    HttpSession session = request.getSession();
    String step = request.getParameter("step");
    session.setAttribute(step, "done"); // vuln: trust-boundary
    session.setAttribute("wizard." + step, Boolean.TRUE); // vuln: trust-boundary
    session.setAttribute("wizard.step", "2"); // safe: trust-boundary constant
    String known = "review".equals(step) ? "review" : "start";
    session.setAttribute(known, "done"); // safe: trust-boundary constant
    request.getSession().setAttribute("wizard.last", step); // vuln: trust-boundary
    String slot = "start";
    if (STEPS.contains(step)) {
      slot = step;
    }
    session.setAttribute("wizard." + slot, Boolean.TRUE); // safe: trust-boundary allow-list
    session.setAttribute("wizard.count", Integer.parseInt(request.getParameter("count"))); // safe: trust-boundary sanitized
    response.setHeader("X-Wizard-Step", step); // safe: trust-boundary header only
  }
}

@RestController
class ProductController {
  private final JdbcTemplate jdbc;

  ProductController(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @GetMapping("/products")
  Map<String, Object> product(@RequestParam String sku, @RequestParam String sort, @RequestParam int page) {
    jdbc.queryForRowSet("SELECT * FROM products WHERE sku = '" + sku + "'"); // vuln: sql-injection
    jdbc.queryForRowSet("SELECT * FROM products WHERE sku = ?", sku); // safe: sql-injection parameterized
    jdbc.queryForList("SELECT name FROM products ORDER BY " + sort); // vuln: sql-injection
    jdbc.queryForList("SELECT name FROM products LIMIT 20 OFFSET " + page * 20); // safe: sql-injection typed parameter
    jdbc.update("UPDATE products SET views = views + 1 WHERE sku = ?", sku); // safe: sql-injection parameterized
    jdbc.update("UPDATE products SET views = views + 1 WHERE sku = '" + sku + "'"); // vuln: sql-injection
    jdbc.execute("ANALYZE products"); // safe: sql-injection constant
    jdbc.batchUpdate("DELETE FROM carts WHERE sku = '" + sku + "'"); // vuln: sql-injection
    Integer n = jdbc.queryForObject("SELECT count(*) FROM products WHERE sku = ?", Integer.class, sku); // safe: sql-injection parameterized
    return jdbc.queryForMap("SELECT * FROM products WHERE sku = '" + sku + "'"); // vuln: sql-injection
  }

  @GetMapping("/products/latest")
  Map<String, Object> latest(@RequestParam String sku) {
    SqlRowSet rows = jdbc.queryForRowSet("SELECT id FROM products ORDER BY created DESC");  // safe: sql-injection constant
    return jdbc.queryForMap("SELECT * FROM products WHERE sku = ?", sku); // safe: sql-injection parameterized
  }
}
