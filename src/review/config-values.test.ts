import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "./index.ts";
import { stream } from "./testing/stream.ts";
import { lookupOf } from "./config-values.ts";

const rules = await loadRules();

const java = `import java.security.MessageDigest;
import java.util.Properties;
import org.springframework.beans.factory.annotation.Value;
class Digests {
  private final Properties props = new Properties();
  @Value("\${export.digest}") private String exportDigest;
  @Value("\${audit.digest:SHA-256}") private String auditDigest;
  byte[] checksum(byte[] d) throws Exception {
    String algorithm = props.getProperty("checksum.algorithm", "SHA-512");
    return MessageDigest.getInstance(algorithm).digest(d);
  }
  byte[] signature(byte[] d) throws Exception {
    return MessageDigest.getInstance(props.getProperty("signature.algorithm", "MD5")).digest(d);
  }
  byte[] export(byte[] d) throws Exception { return MessageDigest.getInstance(exportDigest).digest(d); }
  byte[] audit(byte[] d) throws Exception { return MessageDigest.getInstance(auditDigest).digest(d); }
}
`;

/** Lines of java.weak-hash findings in the Java file. */
async function weakHashLines(files: Record<string, string | Buffer>): Promise<number[]> {
  const res = await reviewFiles({ files: stream(files), rules, taint: false, only: ["java.weak-hash"] });
  for (const f of res.findings) assert.equal(f.lookup, undefined, "the lookup never leaves the engine");
  return res.findings.filter((f) => f.location.path.endsWith(".java")).map((f) => f.location.startLine);
}

test("without configuration files an algorithm read by key is judged by the code's default; no default, no finding", async () => {
  // checksum: SHA-512 (strong), signature: MD5 (weak), export: no default, audit: SHA-256.
  assert.deepEqual(await weakHashLines({ "src/Digests.java": java }), [13]);
});

test("a key set in a .properties file of the tree wins over the default, in both directions, and the finding names the file", async () => {
  const props = "# digests\nchecksum.algorithm = MD5\nsignature.algorithm: SHA-256\n";
  const res = await reviewFiles({
    files: stream({ "src/Digests.java": java, "src/main/resources/app.properties": props }),
    rules,
    taint: false,
    only: ["java.weak-hash"],
  });
  assert.deepEqual(
    res.findings.map((f) => f.location.startLine),
    [10],
  );
  assert.match(res.findings[0]!.description, /`checksum\.algorithm` is `MD5` in `src\/main\/resources\/app\.properties`/);
});

test("the configuration file may come after the code in the stream, and YAML keys nest (Spring style)", async () => {
  const yaml = "export:\n  digest: SHA1\naudit:\n  digest: MD5\n";
  assert.deepEqual(await weakHashLines({ "src/Digests.java": java, "config/application.yml": yaml }), [13, 15, 16]);
});

test("configuration files that are malformed or oversized are ignored, not fatal", async () => {
  const big = `checksum.algorithm=MD5\n${"x".repeat(300 * 1024)}\n`;
  const bad = "export:\n  digest: [unclosed\n";
  assert.deepEqual(await weakHashLines({ "src/Digests.java": java, "a.properties": big, "b.yaml": bad }), [13]);
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a Spring ${key:default} placeholder is the input
test("a lookup's key is a plain string literal or a ${key:default} placeholder; anything else is not a lookup", () => {
  assert.deepEqual(lookupOf('"hash.alg"', '"MD5"', "x"), { key: "hash.alg", fallback: "MD5", value: "x" });
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Spring ${key:default} placeholder is the input
  assert.deepEqual(lookupOf('"${app.hash:SHA1}"', undefined, "x"), { key: "app.hash", fallback: "SHA1", value: "x" });
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Spring ${key:default} placeholder is the input
  assert.deepEqual(lookupOf('"${app.hash}"', undefined, "x"), { key: "app.hash", value: "x" });
  assert.equal(lookupOf("prefix + key", undefined, "x"), null);
  assert.equal(lookupOf('"a" + "b"', undefined, "x"), null);
});

test("an algorithm named by another class's constant is judged by that constant's value in the review's Java files", async () => {
  const caller = `package app.web;
import java.security.MessageDigest;
import javax.crypto.Cipher;
import app.crypto.Algorithms;
class Exports {
  byte[] legacy(byte[] d) throws Exception { return MessageDigest.getInstance(Algorithms.LEGACY_DIGEST).digest(d); }
  byte[] current(byte[] d) throws Exception { return MessageDigest.getInstance(app.crypto.Algorithms.DIGEST).digest(d); }
  Cipher archive() throws Exception { return Cipher.getInstance(Algorithms.ARCHIVE_CIPHER); }
  Cipher stream() throws Exception { return Cipher.getInstance(Algorithms.STREAM_CIPHER); }
  byte[] vendor(byte[] d) throws Exception { return MessageDigest.getInstance(VendorDefaults.HASH).digest(d); }
}
`;
  const constants = `package app.crypto;
public final class Algorithms {
  public static final String LEGACY_DIGEST = "MD5";
  public static final String DIGEST = "SHA-256";
  public static final String ARCHIVE_CIPHER = "DES/ECB/PKCS5Padding";
  static final String STREAM_CIPHER = "AES/GCM/NoPadding";
  private Algorithms() {}
}
`;
  const res = await reviewFiles({
    files: stream({ "src/app/web/Exports.java": caller, "src/app/crypto/Algorithms.java": constants }),
    rules,
    taint: false,
    only: ["java.weak-hash", "java.weak-cipher"],
  });
  const got = res.findings.map((f) => `${f.ruleId}:${f.location.startLine}`).sort();
  assert.deepEqual(got, ["java.weak-cipher:8", "java.weak-hash:6"]);
  const legacy = res.findings.find((f) => f.ruleId === "java.weak-hash")!;
  assert.match(legacy.description, /constant `Algorithms\.LEGACY_DIGEST`, `MD5` in `src\/app\/crypto\/Algorithms\.java`/);
  // Without the class that declares them, the constants are unknown: nothing is reported.
  const alone = await reviewFiles({ files: stream({ "src/app/web/Exports.java": caller }), rules, taint: false, only: ["java.weak-hash", "java.weak-cipher"] });
  assert.deepEqual(alone.findings, []);
});
