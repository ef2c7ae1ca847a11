package com.example.web;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

class TokenHelper {
  private static final SecureRandom RNG = new SecureRandom();

  static String strongToken() {
    byte[] b = new byte[24];
    RNG.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}

public class RememberMeServlet extends HttpServlet {
  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    float rand = new java.util.Random().nextFloat();
    String rememberMeKey = Float.toString(rand).substring(2);
    Cookie remember = new Cookie("rememberMe", rememberMeKey); // vuln: insecure-random
    remember.setSecure(true);
    remember.setHttpOnly(true);
    response.addCookie(remember);
    HttpSession session = request.getSession();
    session.setAttribute("rememberMe", rememberMeKey); // vuln: insecure-random
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String rememberMeKey = TokenHelper.strongToken();
    Cookie remember = new Cookie("rememberMe", rememberMeKey); // safe: insecure-random secure generator
    response.addCookie(remember);
    request.getSession().setAttribute("rememberMe", rememberMeKey); // safe: insecure-random secure generator
  }

  @Override
  protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
    long value = ThreadLocalRandom.current().nextLong();
    request.getSession().setAttribute("csrfToken", Long.toHexString(value)); // vuln: insecure-random
    int retries = new Random().nextInt(3);
    request.getSession().setAttribute("retries", 3); // safe: insecure-random constant
    Cookie lang = new Cookie("lang", request.getLocale().getLanguage()); // safe: insecure-random request data
    response.addCookie(lang);
  }

  @Override
  protected void doDelete(HttpServletRequest request, HttpServletResponse response) throws IOException {
    double d = Math.random();
    int pin = (int) (d * 10000);
    request.getSession().setAttribute("pin", Integer.parseInt(String.valueOf(pin))); // vuln: insecure-random
    SecureRandom sr = new SecureRandom();
    request.getSession().setAttribute("otp", sr.nextInt(1000000)); // safe: insecure-random secure generator
  }
}

@RestController
class InviteController {
  private final Random jitter = new Random();

  @PostMapping("/invites")
  public String invite(@RequestParam String email, HttpSession session) throws InterruptedException {
    Thread.sleep(jitter.nextInt(200));
    String code = Integer.toString(ThreadLocalRandom.current().nextInt(100000, 999999));
    session.setAttribute("inviteCode", code); // vuln: insecure-random
    return "ok";
  }

  @PostMapping("/invites/secure")
  public String inviteSecure(@RequestParam String email, HttpSession session) {
    session.setAttribute("inviteCode", TokenHelper.strongToken()); // safe: insecure-random secure generator
    session.setAttribute("inviteEmail", email); // vuln: trust-boundary
    return "ok";
  }

  @GetMapping("/device")
  public org.springframework.http.ResponseEntity<String> device() {
    String deviceId = Long.toHexString(new Random().nextLong());
    org.springframework.http.ResponseCookie c = org.springframework.http.ResponseCookie.from("device", deviceId).build(); // vuln: insecure-random
    return org.springframework.http.ResponseEntity.ok().header("Set-Cookie", c.toString()).body("ok");
  }

  @GetMapping("/device/secure")
  public org.springframework.http.ResponseEntity<String> deviceSecure() {
    org.springframework.http.ResponseCookie c = org.springframework.http.ResponseCookie.from("device", TokenHelper.strongToken()).build(); // safe: insecure-random secure generator
    return org.springframework.http.ResponseEntity.ok().header("Set-Cookie", c.toString()).body("ok");
  }

  @GetMapping("/shuffle")
  public String shuffle(HttpServletResponse response) {
    int color = new Random().nextInt(5);
    response.addCookie(new Cookie("banner", "b" + 1)); // safe: insecure-random constant
    return "color-" + color;
  }
}
