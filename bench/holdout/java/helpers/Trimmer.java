package org.example.holdout.helpers;

public class Trimmer implements Transformer {
    @Override
    public String apply(String input) {
        if (input == null) return "";
        String t = input.trim();
        return t.length() > 128 ? t.substring(0, 128) : t;
    }
}
