import java.io.*;
import java.sql.*;
import javax.servlet.http.*;

// Handlers whose error paths return early: what follows the try still runs for the other paths.
public class ErrorHandling extends HttpServlet {
    private Connection conn;

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String idText = request.getParameter("id");
        String sort = request.getParameter("sort");
        long id;
        try {
            id = Long.parseLong(idText);
        } catch (NumberFormatException e) {
            response.sendError(400, "bad id");
            return;
        }
        try (Statement st = conn.createStatement()) {
            st.executeQuery("SELECT * FROM orders WHERE id = " + id); // safe: sql-injection parsed number
            st.executeQuery("SELECT * FROM orders ORDER BY " + sort); // vuln: sql-injection
        } catch (SQLException e) {
            throw new IOException(e);
        }
        response.getWriter().print("<p>" + sort + "</p>"); // vuln: xss
    }

    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("name");
        String file = "default.txt";
        try {
            file = lookupConfiguredFile();
        } catch (IllegalStateException e) {
            file = name;
        } finally {
            log("lookup finished");
        }
        new FileInputStream("/srv/data/" + file); // vuln: path-traversal
        String label = "none";
        try {
            label = java.net.URLEncoder.encode(name, "UTF-8");
        } catch (UnsupportedEncodingException e) {
            return;
        }
        response.getWriter().print("<a href='/p?n=" + label + "'>x</a>"); // safe: xss url encoded
    }

    private String lookupConfiguredFile() { return "report.txt"; }
}
