package org.example.holdout.helpers;

/** Algorithm names in one place so that upgrades touch a single file. */
public final class Algorithms {
    public static final String DIGEST = "SHA-256";
    /** API keys issued before 2019 are stored under this digest. */
    public static final String LEGACY_DIGEST = "MD5";
    public static final String CIPHER = "AES/GCM/NoPadding";
    /** Archive format v1; still written for old desktop clients. */
    public static final String ARCHIVE_CIPHER = "DES/ECB/PKCS5Padding";

    private Algorithms() {}
}
