import javax.servlet.http.*;

public class Cookies extends HttpServlet {
    private CookieFactory cookies;

    protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
        Cookie theme = new Cookie("theme", "dark");
        theme.setPath("/");
        resp.addCookie(theme); // expect: java.cookie-missing-secure

        Cookie sid = new Cookie("sid", newSessionId());
        sid.setSecure(true);
        sid.setHttpOnly(true);
        resp.addCookie(sid); // ok: java.cookie-missing-secure

        javax.servlet.http.Cookie lang = new javax.servlet.http.Cookie("lang", "en");
        resp.addCookie(lang); // expect: java.cookie-missing-secure

        Cookie gone = new Cookie("sid", "");
        gone.setMaxAge(0);
        resp.addCookie(gone); // ok: java.cookie-missing-secure

        Cookie made = cookies.secureCookie("pref", "1");
        resp.addCookie(made); // ok: java.cookie-missing-secure
    }

    private String newSessionId() { return java.util.UUID.randomUUID().toString(); }
}
