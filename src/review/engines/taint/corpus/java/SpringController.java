import org.springframework.web.bind.annotation.*;
import org.springframework.jdbc.core.JdbcTemplate;

@RestController
public class SpringController {
    private JdbcTemplate jdbc;

    @GetMapping("/users")
    public Object users(@RequestParam String name, @RequestParam int limit) {
        jdbc.queryForList("SELECT * FROM users WHERE name = '" + name + "'"); // vuln: sql-injection
        jdbc.queryForList("SELECT * FROM users LIMIT " + limit); // safe: sql-injection typed integer
        return jdbc.queryForList("SELECT * FROM users WHERE name = ?", name); // safe: sql-injection parameterized
    }

    @PostMapping("/run/{tool}")
    public String run(@PathVariable("tool") String tool, @RequestBody Job job) throws Exception {
        Runtime.getRuntime().exec("/opt/tools/" + tool); // vuln: command-injection
        Runtime.getRuntime().exec(job.getCommand()); // vuln: command-injection
        return "ok";
    }

    @GetMapping("/go")
    public RedirectView go(@RequestParam("to") String to) {
        return new RedirectView(to); // vuln: open-redirect
    }

    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().exec(args[0]); // vuln: command-injection
    }
}
