package org.example.holdout.helpers;

import java.io.File;
import java.util.regex.Pattern;

public final class Storage {
    public static final File REPORTS = new File("/var/lib/reports");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}\\.pdf");

    private Storage() {}

    /** A report file name from a client, or the default report when it is not a plain name. */
    public static String safeName(String requested) {
        if (requested == null || !NAME.matcher(requested).matches()) return "summary.pdf";
        return requested;
    }
}
