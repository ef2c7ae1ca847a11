package com.example.accounts;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.codec.digest.DigestUtils;

/** Helper used by the account servlets: fingerprints, tokens and the legacy export format. */
public class CryptoService {
  private static final String LEGACY_DIGEST = "MD5";
  private static final String DIGEST = "SHA-256";
  private static final String EXPORT_CIPHER = "DESede/CBC/PKCS5Padding";
  private static final String WRAP_CIPHER = "AES/GCM/NoPadding";
  private final SecureRandom secureRandom = new SecureRandom(); // ok: java.insecure-random

  public String fingerprint(String value) throws NoSuchAlgorithmException {
    MessageDigest md = MessageDigest.getInstance("SHA1"); // expect: java.weak-hash
    return new BigInteger(1, md.digest(value.getBytes(StandardCharsets.UTF_8))).toString(16);
  }

  public byte[] checksum(byte[] data) throws Exception {
    return java.security.MessageDigest.getInstance("MD5", "SUN").digest(data); // expect: java.weak-hash
  }

  public byte[] legacyChecksum(byte[] data) throws Exception {
    return MessageDigest.getInstance(LEGACY_DIGEST).digest(data); // expect: java.weak-hash
  }

  public byte[] strongChecksum(byte[] data) throws Exception {
    MessageDigest md = java.security.MessageDigest.getInstance("SHA-256", "SUN"); // ok: java.weak-hash
    md.update(data);
    return MessageDigest.getInstance(DIGEST).digest(md.digest()); // ok: java.weak-hash
  }

  public String etag(String body) {
    return DigestUtils.md5Hex(body); // expect: java.weak-hash
  }

  public String contentId(String body) {
    return DigestUtils.sha256Hex(body); // ok: java.weak-hash
  }

  public byte[] exportRecord(byte[] record, SecretKey key) throws Exception {
    Cipher c = javax.crypto.Cipher.getInstance("DES/CBC/PKCS5Padding"); // expect: java.weak-cipher
    c.init(Cipher.ENCRYPT_MODE, key);
    return c.doFinal(record);
  }

  public byte[] exportLegacy(byte[] record, SecretKey key) throws Exception {
    Cipher c = Cipher.getInstance(EXPORT_CIPHER, "SunJCE"); // expect: java.weak-cipher
    c.init(Cipher.ENCRYPT_MODE, key);
    return c.doFinal(record);
  }

  public byte[] wrap(byte[] record, SecretKey key) throws Exception {
    Cipher c = Cipher.getInstance(WRAP_CIPHER); // ok: java.weak-cipher
    Cipher d = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding", "SunJCE"); // ok: java.weak-cipher
    c.init(Cipher.ENCRYPT_MODE, key);
    return c.doFinal(record);
  }

  public byte[] stream(byte[] record) throws Exception {
    return Cipher.getInstance("RC4").doFinal(record); // expect: java.weak-cipher
  }

  public byte[] blocks(byte[] record) throws Exception {
    return Cipher.getInstance("AES/ECB/PKCS5Padding", "BC").doFinal(record); // expect: java.weak-cipher
  }

  public SecretKey newExportKey() throws Exception {
    return KeyGenerator.getInstance("DES").generateKey(); // expect: java.weak-cipher
  }

  public SecretKey newKey() throws Exception {
    KeyGenerator kg = javax.crypto.KeyGenerator.getInstance("AES"); // ok: java.weak-cipher
    kg.init(256);
    return kg.generateKey();
  }

  public String resetCode() {
    return Integer.toString(new Random().nextInt(1_000_000)); // expect: java.insecure-random
  }

  public long sessionSeed() {
    return (long) (Math.random() * Long.MAX_VALUE); // expect: java.insecure-random
  }

  public String apiKey() {
    byte[] b = new byte[32];
    secureRandom.nextBytes(b);
    return new BigInteger(1, b).toString(36);
  }

  public String inviteCode() {
    int n = ThreadLocalRandom.current().nextInt(100000, 999999); // expect: java.insecure-random
    return "INV-" + n;
  }

  public String pin() {
    java.util.Random r = new java.util.Random(); // expect: java.insecure-random
    return String.format("%04d", r.nextInt(10000));
  }

  public int strongPin() throws Exception {
    return SecureRandom.getInstanceStrong().nextInt(10000); // ok: java.insecure-random
  }

  public byte[] archiveDigest(byte[] data) throws Exception {
    byte[] a = java.security.MessageDigest.getInstance("SHA-512").digest(data); // ok: java.weak-hash
    byte[] b = MessageDigest.getInstance("SHA3-256").digest(a); // ok: java.weak-hash
    return com.google.common.hash.Hashing.sha256().hashBytes(b).asBytes(); // ok: java.weak-hash
  }

  public byte[] sealStream(byte[] data, SecretKey key) throws Exception {
    Cipher c = Cipher.getInstance("ChaCha20-Poly1305"); // ok: java.weak-cipher
    SecretKey mac = KeyGenerator.getInstance("HmacSHA256").generateKey(); // ok: java.weak-cipher
    Cipher wrapKey = Cipher.getInstance("RSA/ECB/OAEPPadding"); // ok: java.weak-cipher
    c.init(Cipher.ENCRYPT_MODE, key);
    return c.doFinal(data);
  }

  public long seedFromPrng() throws Exception {
    return SecureRandom.getInstance("SHA1PRNG").nextLong(); // ok: java.insecure-random, java.weak-hash
  }

  public String randomLabel(List<String> labels) {
    return labels.get(secureRandom.nextInt(labels.size())); // ok: java.insecure-random
  }
}

class RememberMeServlet extends HttpServlet {
  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
    double value = java.lang.Math.random(); // expect: java.insecure-random
    String remember = Double.toString(value).substring(2);
    Cookie cookie = new Cookie("rememberMe", remember);
    cookie.setSecure(true);
    cookie.setHttpOnly(true);
    response.addCookie(cookie);
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
    SecureRandom random = new java.security.SecureRandom(); // ok: java.insecure-random
    String remember = Long.toHexString(random.nextLong());
    request.getSession().setAttribute("remember", remember);
  }
}
