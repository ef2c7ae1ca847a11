package org.example.holdout.helpers;

import java.util.Map;

/** Deployment settings; values come from the packaged defaults, never from callers. */
public final class Config {
    private static final Map<String, String> DEFAULTS = Map.of(
            "tenant.default", "public",
            "report.dir", "/var/lib/reports",
            "theme", "light");

    private Config() {}

    public static String lookup(String key) {
        return DEFAULTS.getOrDefault(key, "unset");
    }
}
