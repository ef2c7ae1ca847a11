package org.example.holdout.helpers;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;

/** Thin convenience layer over the servlet request used by the newer endpoints. */
public class RequestReader {
    private final HttpServletRequest request;

    public RequestReader(HttpServletRequest request) {
        this.request = request;
    }

    public String param(String name) {
        String value = request.getParameter(name);
        return value == null ? "" : value;
    }

    public String header(String name) {
        String value = request.getHeader(name);
        return value == null ? "" : value.trim();
    }

    public String cookie(String name) {
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (name.equals(c.getName())) {
                    return java.net.URLDecoder.decode(c.getValue(), java.nio.charset.StandardCharsets.UTF_8);
                }
            }
        }
        return "";
    }

    /** The locale used when a page is rendered for a visitor we know nothing about. */
    public String fallbackLocale() {
        return "en-GB";
    }
}
