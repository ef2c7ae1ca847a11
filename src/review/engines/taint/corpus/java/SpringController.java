import org.springframework.web.bind.annotation.*;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.core.io.FileSystemResource;
import java.nio.file.Paths;

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

    @GetMapping("/files/{name}")
    public FileSystemResource file(@PathVariable String name) {
        return new FileSystemResource("/srv/files/" + name); // vuln: path-traversal
    }

    @GetMapping("/files/safe/{name}")
    public FileSystemResource safeFile(@PathVariable String name) {
        return new FileSystemResource(Paths.get("/srv/files").resolve(Paths.get(name).getFileName()).toFile()); // safe: path-traversal file name only
    }

    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().exec(args[0]); // vuln: command-injection
    }
}
