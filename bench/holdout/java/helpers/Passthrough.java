package org.example.holdout.helpers;

/** Used where a pipeline slot must be filled but nothing should change. */
public class Passthrough implements Transformer {
    @Override
    public String apply(String input) {
        return input;
    }
}
