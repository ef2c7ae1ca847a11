package com.example.export;

import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Properties;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * Algorithms chosen in configuration. No configuration file ships with this example, so each call
 * is judged by the default the code passes with the key.
 */
@Service
public class ConfiguredCrypto {
  @Value("${export.digest:MD5}")
  private String exportDigest;

  @Value("${export.cipher:AES/GCM/NoPadding}")
  private String exportCipher;

  @org.springframework.beans.factory.annotation.Value("${legacy.cipher:DES/CBC/PKCS5Padding}")
  private String legacyCipher;

  @Value("${audit.digest}")
  private String auditDigest;

  private final Properties props = new Properties();

  public ConfiguredCrypto() throws Exception {
    try (InputStream in = getClass().getClassLoader().getResourceAsStream("crypto.properties")) {
      props.load(in);
    }
  }

  public byte[] checksum(byte[] data) throws Exception {
    String algorithm = props.getProperty("checksum.algorithm", "SHA1");
    MessageDigest md = java.security.MessageDigest.getInstance(algorithm); // expect: java.weak-hash
    return md.digest(data);
  }

  public byte[] fingerprint(byte[] data) throws Exception {
    String algorithm = props.getProperty("fingerprint.algorithm", "SHA-512");
    return MessageDigest.getInstance(algorithm, "SUN").digest(data); // ok: java.weak-hash
  }

  public byte[] exportHash(byte[] data) throws Exception {
    return MessageDigest.getInstance(exportDigest).digest(data); // expect: java.weak-hash
  }

  public byte[] auditHash(byte[] data) throws Exception {
    // Neither a configuration file nor a default says which: not reported.
    return MessageDigest.getInstance(auditDigest).digest(data); // ok: java.weak-hash
  }

  public Cipher exportCipher() throws Exception {
    return Cipher.getInstance(exportCipher); // ok: java.weak-cipher
  }

  public Cipher legacyCipher() throws Exception {
    return javax.crypto.Cipher.getInstance(legacyCipher); // expect: java.weak-cipher
  }

  public Cipher archiveCipher() throws Exception {
    return Cipher.getInstance(props.getProperty("archive.cipher", "DESede/ECB/PKCS5Padding"), "SunJCE"); // expect: java.weak-cipher
  }

  public KeyGenerator sessionKeys() throws Exception {
    return KeyGenerator.getInstance(props.getProperty("session.keygen", "AES")); // ok: java.weak-cipher
  }

  public Cipher wrapCipher() throws Exception {
    String transformation = props.getProperty("wrap.cipher", "AES/GCM/NoPadding");
    return Cipher.getInstance(transformation); // ok: java.weak-cipher
  }
}

class ConfiguredFields {
  private static final Properties SETTINGS = new Properties();
  private static final String TOKEN_DIGEST = SETTINGS.getProperty("token.digest", "MD5");
  private final String reportDigest = SETTINGS.getProperty("report.digest", "SHA-256");

  byte[] token(byte[] data) throws Exception {
    return MessageDigest.getInstance(TOKEN_DIGEST).digest(data); // expect: java.weak-hash
  }

  byte[] report(byte[] data) throws Exception {
    return MessageDigest.getInstance(reportDigest).digest(data); // ok: java.weak-hash
  }

  byte[] shadowed(byte[] data) throws Exception {
    // A local named like the field, holding a strong algorithm, is the one used.
    String TOKEN_DIGEST = "SHA-384";
    return MessageDigest.getInstance(TOKEN_DIGEST).digest(data); // ok: java.weak-hash
  }
}
