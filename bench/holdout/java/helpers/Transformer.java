package org.example.holdout.helpers;

/** A step applied to a user-supplied value before it is used. */
public interface Transformer {
    String apply(String input);
}
