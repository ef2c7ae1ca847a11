package org.example.holdout.helpers;

import java.util.regex.Pattern;

/** Catalogue SKUs are upper-case letters, digits and dashes; anything else becomes the empty SKU. */
public class SkuFilter implements Transformer {
    private static final Pattern SKU = Pattern.compile("[A-Z0-9-]{1,32}");

    @Override
    public String apply(String input) {
        if (input == null) return "";
        String upper = input.trim().toUpperCase(java.util.Locale.ROOT);
        return SKU.matcher(upper).matches() ? upper : "";
    }
}
