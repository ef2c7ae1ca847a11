// Spring controllers whose return value is the response: a view name that may be a redirect, and a REST
// controller's String body; beside them the fixed paths, checks and other types that keep them safe.
import java.util.Map;
import java.util.Set;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.util.HtmlUtils;

@Controller
@RequestMapping("/account")
public class AccountPages {
    private static final Set<String> NEXT_PAGES = Set.of("/account", "/orders", "/settings");

    @PostMapping("/login")
    public String login(@RequestParam String user, @RequestParam("next") String next) {
        return "redirect:" + next; // vuln: open-redirect
    }

    @PostMapping("/login-checked")
    public String loginChecked(@RequestParam("next") String next) {
        if (!NEXT_PAGES.contains(next)) {
            return "redirect:/account";
        }
        return "redirect:" + next; // safe: open-redirect allow-listed page
    }

    @GetMapping("/orders")
    public String orders(@RequestParam String tab) {
        return "redirect:/orders?tab=" + tab; // safe: open-redirect fixed path first
    }

    @GetMapping("/profile")
    public String profile(@RequestParam String name, Model model) {
        model.addAttribute("name", name);
        return "profile"; // safe: open-redirect a view name
    }

    @GetMapping("/back")
    public String back(@RequestHeader("Referer") String referer) {
        return "redirect:" + referer; // vuln: open-redirect a header names the destination
    }

    @GetMapping("/inner")
    public String inner(@RequestParam String page) {
        return "forward:/pages/" + page; // safe: open-redirect a server-side forward under a fixed path
    }
}

@RestController
class EchoApi {
    @GetMapping("/echo")
    public String echo(@RequestParam String msg) {
        return "<p>" + msg + "</p>"; // vuln: xss
    }

    @GetMapping("/echo-escaped")
    public String echoEscaped(@RequestParam String msg) {
        return "<p>" + HtmlUtils.htmlEscape(msg) + "</p>"; // safe: xss escaped
    }

    @GetMapping(value = "/echo.json", produces = MediaType.APPLICATION_JSON_VALUE)
    public String echoJson(@RequestParam String msg) {
        return "{\"msg\": \"" + msg.replace("\"", "") + "\"}"; // safe: xss declared JSON
    }

    @GetMapping("/lookup")
    public Map<String, String> lookup(@RequestParam String key) {
        return Map.of("key", key); // safe: xss serialized as JSON
    }
}
