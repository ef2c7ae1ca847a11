import java.io.*;
import java.sql.*;
import java.util.*;
import javax.servlet.http.*;
import javax.xml.parsers.*;

public class Servlets extends HttpServlet {
    private static final Map<String, String> TOOLS = Map.of("list", "ls", "disk", "df");

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws Exception {
        String host = request.getParameter("host");
        Runtime.getRuntime().exec("ping -c 1 " + host); // vuln: command-injection
        new ProcessBuilder("sh", "-c", "nslookup " + request.getParameter("n")).start(); // vuln: command-injection
        new ProcessBuilder("ping", "-c", "1", host).start(); // safe: command-injection argument list
        Runtime.getRuntime().exec(TOOLS.get(request.getParameter("tool"))); // safe: command-injection safe map key
        String cmd = request.getParameter("cmd");
        cmd = "uptime";
        Runtime.getRuntime().exec(cmd); // safe: command-injection overwritten
        if (1 > 2) {
            Runtime.getRuntime().exec(request.getParameter("cmd")); // safe: command-injection dead branch
        }
        String other = "whoami";
        Runtime.getRuntime().exec(other); // safe: command-injection different variable
    }

    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        String id = req.getParameter("id");
        Statement st = conn.createStatement();
        st.executeQuery("SELECT * FROM users WHERE id = " + id); // vuln: sql-injection
        String q = String.format("SELECT * FROM users WHERE name = '%s'", req.getParameter("name"));
        st.execute(q); // vuln: sql-injection
        StringBuilder sb = new StringBuilder("SELECT * FROM t WHERE a = '");
        sb.append(req.getParameter("a")).append("'");
        st.executeQuery(sb.toString()); // vuln: sql-injection
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE id = ?"); // safe: sql-injection parameterized
        ps.setString(1, id);
        int n = Integer.parseInt(id);
        st.executeQuery("SELECT * FROM users WHERE id = " + n); // safe: sql-injection sanitized integer
        st.executeQuery("SELECT * FROM users"); // safe: sql-injection constant
        String sort = req.getParameter("sort");
        if (!List.of("name", "date").contains(sort)) {
            return;
        }
        st.executeQuery("SELECT * FROM users ORDER BY " + sort); // safe: sql-injection allow-list
    }

    protected void doPut(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        String name = req.getParameter("name");
        new FileInputStream("/srv/files/" + name); // vuln: path-traversal
        new File("/srv/files", req.getParameter("f")).delete(); // vuln: path-traversal
        new FileInputStream("/srv/files/" + FilenameUtils.getName(name)); // safe: path-traversal sanitized
        new FileInputStream("/etc/app.conf"); // safe: path-traversal constant
        resp.getWriter().println("<h1>Hello " + name + "</h1>"); // vuln: xss
        resp.getWriter().println("<h1>Hello " + StringEscapeUtils.escapeHtml4(name) + "</h1>"); // safe: xss sanitized
        resp.getWriter().println("<h1>Hello</h1>"); // safe: xss constant
        resp.sendRedirect(req.getParameter("next")); // vuln: open-redirect
        resp.sendRedirect("/home"); // safe: open-redirect constant
        String next = req.getParameter("next");
        if (next.equals("/dashboard")) {
            resp.sendRedirect(next); // safe: open-redirect allow-list
        }
        logger.info("login " + name); // vuln: log-injection
        logger.info("login " + name.replaceAll("[\r\n]", "")); // safe: log-injection sanitized
        logger.info("login ok"); // safe: log-injection constant
        req.getSession().setAttribute("user", name); // vuln: trust-boundary
        req.getSession().setAttribute("visits", 1); // safe: trust-boundary constant
    }

    protected void doDelete(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        ObjectInputStream in = new ObjectInputStream(req.getInputStream()); // vuln: deserialization
        Object o = in.readObject();
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        DocumentBuilder db = dbf.newDocumentBuilder();
        db.parse(req.getInputStream()); // vuln: xxe
        String uid = req.getParameter("uid");
        ctx.search("ou=people", "(uid=" + uid + ")", controls); // vuln: ldap-injection
        ctx.search("ou=people", "(uid=" + LdapEncoder.filterEncode(uid) + ")", controls); // safe: ldap-injection sanitized
        xpath.compile("//user[name='" + uid + "']"); // vuln: xpath-injection
        xpath.compile("//user[@active='true']"); // safe: xpath-injection constant
        new URL(req.getParameter("url")).openConnection(); // vuln: ssrf
        new URL("https://api.example.com/status").openConnection(); // safe: ssrf constant
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("js");
        engine.eval(req.getParameter("script")); // vuln: code-injection
        engine.eval("1 + 1"); // safe: code-injection constant
        Document d = Document.parse(req.getParameter("q"));
        collection.find(d); // vuln: nosql-injection
        collection.find(new Document("active", true)); // safe: nosql-injection constant
    }

    protected void doOptions(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        dbf.newDocumentBuilder().parse(req.getInputStream()); // safe: xxe hardened parser
    }

    static void helper(String path) throws Exception {
        new FileInputStream(path); // safe: path-traversal parameter not from a framework
    }
}
