package org.example.holdout.helpers;

/** Replaces whatever it is given with a value chosen at construction time. */
public class FixedValue implements Transformer {
    private final String value;

    public FixedValue(String value) {
        this.value = value;
    }

    @Override
    public String apply(String input) {
        return value;
    }
}
