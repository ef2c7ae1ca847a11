package com.example.preview;

import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

// A link-preview service: RestTemplate and WebClient under the names teams give them, fetching a URL the client
// sends, beside the same calls kept to a fixed host; handlers loaded by a name kept inside one package.
@RestController
public class SpringClients {
  private final RestTemplate rest = new RestTemplate();
  private final WebClient client = WebClient.create();
  private static final Map<String, String> PARTNERS = Map.of("docs", "https://docs.example.com/preview");

  @GetMapping("/preview")
  public String preview(@RequestParam String url) {
    return rest.getForObject(url, String.class); // vuln: ssrf
  }

  @GetMapping("/preview/entity")
  public Object previewEntity(@RequestParam String url) {
    return rest.exchange(url, HttpMethod.GET, null, String.class); // vuln: ssrf
  }

  @GetMapping("/preview/partner")
  public String partner(@RequestParam String name) {
    String target = PARTNERS.get(name);
    return rest.getForObject(target, String.class); // safe: ssrf safe map key
  }

  @GetMapping("/preview/fixed")
  public String fixed(@RequestParam String id) {
    return rest.getForObject("https://api.example.com/items/{id}", String.class, id); // safe: ssrf fixed host, id as a URI variable
  }

  @GetMapping("/preview/reactive")
  public String reactive(@RequestParam String url) {
    return client.get().uri(url).retrieve().bodyToMono(String.class).block(); // vuln: ssrf
  }

  @GetMapping("/handlers")
  public Object handler(@RequestParam String type) throws ReflectiveOperationException {
    return Class.forName("com.example.preview.handlers." + type).getDeclaredConstructor().newInstance(); // safe: unsafe-reflection fixed package prefix
  }
}
