package org.example.benchmark;

import java.io.File;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Statement;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.esapi.ESAPI;

// Servlets that hand the request value to helpers of the same file: inner classes, private static
// helpers, a helper that runs the query itself. Each vulnerable servlet has a safe look-alike.
public class SqlHelperServlet extends HttpServlet {
  private Connection conn;

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getParameter("id");
    String bar = new Test().doSomething(request, param);
    String sql = "SELECT * FROM users WHERE id = '" + bar + "'";
    try {
      Statement statement = conn.createStatement();
      statement.executeQuery(sql); // vuln: sql-injection
    } catch (java.sql.SQLException e) {
      throw new ServletException(e);
    }
  }

  private class Test {
    public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
      String bar = "safe!";
      java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();
      map.put("keyA", "a-Value");
      map.put("keyB", param);
      bar = param;
      return bar;
    }
  }
}

public class SqlConstantHelperServlet extends HttpServlet {
  private Connection conn;

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getParameter("id");
    String bar = new Test().doSomething(request, param);
    String sql = "SELECT * FROM users WHERE id = '" + bar + "'";
    try {
      conn.createStatement().executeQuery(sql); // safe: sql-injection constant returned by helper
    } catch (java.sql.SQLException e) {
      throw new ServletException(e);
    }
  }

  private class Test {
    public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
      String bar = "This_should_always_happen";
      int num = 86;
      if ((7 * 42) - num > 200) {
        bar = "This_should_always_happen";
      } else {
        bar = param;
      }
      return bar;
    }
  }
}

public class XssHelperServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getHeader("Referer");
    String bar = new Test().doSomething(request, param);
    response.getWriter().println("<p>" + bar + "</p>"); // vuln: xss
  }

  private class Test {
    public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
      String bar;
      int num = 106;
      if ((7 * 42) - num > 200) {
        bar = "This should never happen";
      } else {
        bar = param;
      }
      return bar;
    }
  }
}

public class XssEncodedHelperServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getHeader("Referer");
    String bar = new Test().doSomething(request, param);
    response.getWriter().println("<p>" + bar + "</p>"); // safe: xss sanitized by helper
  }

  private class Test {
    public String doSomething(HttpServletRequest request, String param) throws ServletException, IOException {
      String bar = ESAPI.encoder().encodeForHTML(param);
      return bar;
    }
  }
}

public class PathHelperServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getParameter("file");
    String bar = doSomething(param);
    File file = new File("/srv/uploads/" + bar); // vuln: path-traversal
    response.getWriter().println(file.length());
  }

  private static String doSomething(String param) {
    StringBuilder sb = new StringBuilder(param);
    return sb.append("_report.txt").toString();
  }
}

public class PathConstantHelperServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getParameter("file");
    String bar = doSomething(param);
    File file = new File("/srv/uploads/" + bar); // safe: path-traversal helper returns a fixed name
    response.getWriter().println(file.length());
  }

  private static String doSomething(String param) {
    String name = "default";
    if (param != null && param.length() > 3) {
      name = "report";
    }
    return name + ".txt";
  }
}

public class CommandHelperServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String param = request.getParameter("host");
    String bar = HostUtil.pick(param, "localhost");
    Runtime.getRuntime().exec("ping -c 1 " + bar); // vuln: command-injection
    String port = HostUtil.portOf(param);
    Runtime.getRuntime().exec("nc -z localhost " + port); // safe: command-injection helper parses an integer
  }
}

class HostUtil {
  static String pick(String requested, String fallback) {
    if (requested == null || requested.isEmpty()) {
      return fallback;
    }
    return requested.trim();
  }

  static String portOf(String value) {
    int port = Integer.parseInt(value);
    return String.valueOf(port);
  }
}

// A helper that runs the query itself: vulnerable when request data reaches it.
public class ReportServlet extends HttpServlet {
  private Connection conn;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String region = request.getParameter("region");
    runQuery(conn, region);
    runQuery(conn, "emea");
    countRows(conn, region);
  }

  private void runQuery(Connection c, String region) throws IOException {
    try {
      c.createStatement().executeQuery("SELECT * FROM sales WHERE region = '" + region + "'"); // vuln: sql-injection
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
  }

  private void countRows(Connection c, String region) throws IOException {
    try {
      c.createStatement().executeQuery("SELECT COUNT(*) FROM sales WHERE region = 'all'"); // safe: sql-injection constant query in helper
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
  }
}

// The same helper shape, called only with constants.
public class NightlyJob extends HttpServlet {
  private Connection conn;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String user = request.getRemoteUser();
    archive(conn, "2024");
    response.getWriter().println("archived");
  }

  private void archive(Connection c, String year) throws IOException {
    try {
      c.createStatement().executeUpdate("DELETE FROM sales WHERE year = '" + year + "'"); // safe: sql-injection helper called with constants
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
  }
}

// Overloads by arity: the one-argument form escapes, the two-argument form does not.
public class GreetingServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String name = request.getParameter("name");
    response.getWriter().println(format(name)); // safe: xss overload that encodes
    response.getWriter().println(format(name, "Hello")); // vuln: xss
  }

  private String format(String name) {
    return "<b>" + ESAPI.encoder().encodeForHTML(name) + "</b>";
  }

  private String format(String name, String greeting) {
    return "<b>" + greeting + " " + name + "</b>";
  }
}

// A helper that returns one of its arguments: only the tainted one taints the result.
public class TitleServlet extends HttpServlet {
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String title = request.getParameter("title");
    String shown = this.firstNonEmpty("Welcome", title);
    response.getWriter().println("<h1>" + shown + "</h1>"); // vuln: xss
    String label = this.defaultLabel(title);
    response.getWriter().println("<h2>" + label + "</h2>"); // safe: xss helper ignores its argument
  }

  private String firstNonEmpty(String a, String b) {
    return b != null && !b.isEmpty() ? b : a;
  }

  private String defaultLabel(String requested) {
    String label = "Dashboard";
    return label;
  }
}

// A helper object held in a field or a local of a class declared in this file.
public class ProfileServlet extends HttpServlet {
  private final ProfileDao dao = new ProfileDao();

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
    String user = request.getParameter("user");
    dao.load(user);
    dao.loadAll(user);
    ProfileView view = new ProfileView();
    response.getWriter().println(view.heading(user)); // vuln: xss
    response.getWriter().println(view.safeHeading(user)); // safe: xss helper object encodes
  }
}

class ProfileDao {
  private Connection conn;

  void load(String user) throws IOException {
    try {
      conn.createStatement().executeQuery("SELECT * FROM profiles WHERE name = '" + user + "'"); // vuln: sql-injection
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
  }

  void loadAll(String user) throws IOException {
    try {
      conn.prepareStatement("SELECT * FROM profiles WHERE name = ?").setString(1, user); // safe: sql-injection parameterized in helper
    } catch (java.sql.SQLException e) {
      throw new IOException(e);
    }
  }
}

class ProfileView {
  String heading(String user) {
    return "<h1>" + user + "</h1>";
  }

  String safeHeading(String user) {
    return "<h1>" + ESAPI.encoder().encodeForHTML(user) + "</h1>";
  }
}
