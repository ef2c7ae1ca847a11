import java.util.*;
import java.util.stream.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

@RestController
public class Lookalikes {
    private static final Map<String, String> COLUMNS = new HashMap<>();
    private static final boolean AUDIT = false;

    @GetMapping("/search")
    public List<Object> search(@RequestParam String q, @RequestParam(defaultValue = "name") String sort, @RequestHeader("X-Trace") String trace) {
        String sql = "SELECT * FROM items WHERE name LIKE '%" + q + "%'";
        List<Object> rows = jdbc.queryForList(sql); // vuln: sql-injection
        String column = COLUMNS.getOrDefault(sort, "name");
        jdbc.queryForList("SELECT * FROM items ORDER BY " + column); // safe: sql-injection safe map key
        String safeSort = sort;
        safeSort = "name";
        jdbc.queryForList("SELECT * FROM items ORDER BY " + safeSort); // safe: sql-injection overwritten
        log.info("trace {}", trace); // vuln: log-injection
        log.info("trace {}", trace.replace("\n", "")); // safe: log-injection sanitized
        return rows;
    }

    @PostMapping("/batch")
    public void batch(@RequestBody List<String> names, HttpServletResponse response) throws Exception {
        String joined = names.stream().map(String::trim).collect(Collectors.joining(","));
        Runtime.getRuntime().exec("process " + joined); // vuln: command-injection
        List<String> fixed = new ArrayList<>();
        fixed.add("a");
        Runtime.getRuntime().exec("process " + String.join(",", fixed)); // safe: command-injection different variable
        for (String n : names) {
            response.getWriter().write("<li>" + n + "</li>"); // vuln: xss
        }
        if (AUDIT && names.size() > 1000) {
            Runtime.getRuntime().exec(names.get(0)); // safe: command-injection dead branch
        }
    }

    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
        Cookie[] cookies = req.getCookies();
        String theme = cookies[0].getValue();
        resp.getWriter().print("<body class='" + theme + "'>"); // vuln: xss
        String page = req.getParameter("page");
        int p = Integer.parseInt(page);
        resp.getWriter().print("<p>page " + p + "</p>"); // safe: xss sanitized integer
        String url = req.getParameter("u");
        if (!url.startsWith("/")) {
            url = "/";
        }
        resp.sendRedirect(url); // vuln: open-redirect a lone slash lets //evil.example through
        String back = req.getParameter("back");
        if (!back.startsWith("/") || back.startsWith("//") || back.startsWith("/\\")) {
            back = "/";
        }
        resp.sendRedirect(back); // safe: open-redirect relative path of this site
        Map<String, String> m = new HashMap<>();
        m.put("file", req.getParameter("file"));
        new java.io.FileReader("/data/" + m.get("file")); // vuln: path-traversal
        String home = System.getProperty("user.home");
        new java.io.FileReader(home + "/.app/config"); // safe: path-traversal environment is not a source
        java.io.ObjectInputStream state = new java.io.ObjectInputStream(new java.io.FileInputStream("/var/app/state.bin")); // safe: deserialization constant
        byte[] raw = req.getParameter("blob").getBytes();
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(raw)); // vuln: deserialization
    }
}
