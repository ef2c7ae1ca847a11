import java.util.*;
import javax.servlet.http.*;

// Safe look-alike matrix: sanitized, constant, overwritten, dead branch, different variable, safe map key.
public class Matrix extends HttpServlet {
    private static final Map<String, String> PAGES = Map.of("home", "/", "help", "/help");

    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        String v = req.getParameter("v");
        resp.getWriter().print("<p>" + v + "</p>"); // vuln: xss
        resp.getWriter().print("<p>" + HtmlUtils.htmlEscape(v) + "</p>"); // safe: xss sanitized
        resp.getWriter().print("<p>static</p>"); // safe: xss constant
        String w = req.getParameter("w");
        w = "fixed";
        resp.getWriter().print("<p>" + w + "</p>"); // safe: xss overwritten
        if (2 < 1) {
            resp.getWriter().print(v); // safe: xss dead branch
        }
        String label = "ok";
        resp.getWriter().print("<p>" + label + "</p>"); // safe: xss different variable
        resp.getWriter().print("<p>" + PAGES.get(v) + "</p>"); // safe: xss safe map key
    }

    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        String f = req.getParameter("f");
        new java.io.FileInputStream("/data/" + f); // vuln: path-traversal
        new java.io.FileInputStream("/data/" + FilenameUtils.getName(f)); // safe: path-traversal sanitized
        String g = req.getParameter("g");
        g = "index.txt";
        new java.io.FileInputStream("/data/" + g); // safe: path-traversal overwritten
        if (false) {
            new java.io.FileInputStream(f); // safe: path-traversal dead branch
        }
        String h = "readme.txt";
        new java.io.FileInputStream("/data/" + h); // safe: path-traversal different variable
        new java.io.FileInputStream("/data/" + PAGES.get(f)); // safe: path-traversal safe map key
        resp.sendRedirect(req.getParameter("to")); // vuln: open-redirect
        resp.sendRedirect(PAGES.get(req.getParameter("to"))); // safe: open-redirect safe map key
    }
}
