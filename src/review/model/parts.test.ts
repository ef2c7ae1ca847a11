// The reviewer's smaller parts: documents as text, configuration, redaction, Retry-After.
import assert from "node:assert/strict";
import { test } from "node:test";
import { extractDocumentText } from "./documents.ts";
import { modelConfigFromEnv, ModelConfigError } from "./config.ts";
import { redactSecrets } from "./redact.ts";
import { retryAfter } from "./providers.ts";
import { pdf } from "./testing/fixtures.ts";

test("markdown and text documents are read as they are", async () => {
  assert.deepEqual(await extractDocumentText({ name: "policy.md", content: Buffer.from("# Policy\nAdmins only.\n") }), {
    name: "policy.md",
    text: "# Policy\nAdmins only.\n",
  });
});

test("a PDF's text is extracted page by page", async () => {
  assert.deepEqual(await extractDocumentText({ name: "p.pdf", content: pdf(["Only admins (owners) delete users", "Page two"]) }), {
    name: "p.pdf",
    text: "Only admins (owners) delete users\n\nPage two",
    pages: 2,
  });
});

test("pages past the cap are left out and counted", async () => {
  assert.deepEqual(await extractDocumentText({ name: "p.pdf", content: pdf(["one", "two", "three"]) }, { maxPages: 2 }), {
    name: "p.pdf",
    text: "one\n\ntwo",
    pages: 2,
    pagesCut: 1,
  });
});

test("a scanned PDF (no text layer) and an encrypted PDF are skipped with their reason", async () => {
  assert.deepEqual(await extractDocumentText({ name: "scan.pdf", content: pdf(["", ""]) }), { name: "scan.pdf", skipped: "scanned" });
  assert.deepEqual(await extractDocumentText({ name: "locked.pdf", content: pdf(["secret plan"], { encrypted: true }) }), {
    name: "locked.pdf",
    skipped: "encrypted",
  });
});

test("binary, oversized and broken documents are skipped", async () => {
  assert.deepEqual(await extractDocumentText({ name: "a.png", content: Buffer.from([0x89, 0x50, 0, 0]) }), { name: "a.png", skipped: "unsupported" });
  assert.deepEqual(await extractDocumentText({ name: "big.md", content: Buffer.alloc(11, 65) }, { maxBytes: 10 }), { name: "big.md", skipped: "too_large" });
  assert.deepEqual(await extractDocumentText({ name: "bad.pdf", content: Buffer.from("%PDF-1.4\ngarbage") }), { name: "bad.pdf", skipped: "unreadable" });
});

test("model configuration: off without a provider, defaults filled, bad values named", () => {
  assert.equal(modelConfigFromEnv({}), null);
  assert.deepEqual(modelConfigFromEnv({ CRS_MODEL_PROVIDER: "anthropic", CRS_MODEL_NAME: "m", CRS_MODEL_API_KEY: "k" }), {
    provider: "anthropic",
    model: "m",
    apiKey: "k",
    maxTokensPerRun: 200_000,
    concurrency: 4,
    timeoutMs: 120_000,
  });
  assert.equal(
    modelConfigFromEnv({ CRS_MODEL_PROVIDER: "openai", CRS_MODEL_NAME: "m", CRS_MODEL_URL: "http://127.0.0.1:11434/v1", CRS_MODEL_CONCURRENCY: "8" })
      ?.concurrency,
    8,
  );
  for (const [env, message] of [
    [{ CRS_MODEL_PROVIDER: "gemini", CRS_MODEL_NAME: "m" }, /CRS_MODEL_PROVIDER must be one of openai, anthropic/],
    [{ CRS_MODEL_PROVIDER: "openai" }, /CRS_MODEL_NAME is required/],
    [{ CRS_MODEL_PROVIDER: "openai", CRS_MODEL_NAME: "m", CRS_MODEL_URL: "file:///etc" }, /CRS_MODEL_URL must be an http/],
    [{ CRS_MODEL_PROVIDER: "openai", CRS_MODEL_NAME: "m", CRS_MODEL_MAX_TOKENS_PER_RUN: "lots" }, /CRS_MODEL_MAX_TOKENS_PER_RUN must be an integer/],
    [{ CRS_MODEL_PROVIDER: "openai", CRS_MODEL_NAME: "m", CRS_MODEL_TIMEOUT_MS: "0" }, /CRS_MODEL_TIMEOUT_MS must be an integer/],
  ] as const)
    assert.throws(
      () => modelConfigFromEnv(env),
      (e: Error) => e instanceof ModelConfigError && message.test(e.message),
    );
});

test("a private key is redacted whole, keeping its line count", () => {
  const text = "a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\nxyz\n-----END RSA PRIVATE KEY-----\nb\n";
  const r = redactSecrets(text);
  assert.equal(r.count, 1);
  assert.equal(r.text, "a\n[REDACTED]\n\n\n\nb\n");
});

test("a wait is read from retry-after-ms, Retry-After in seconds or as an HTTP date", () => {
  assert.equal(retryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" })), 250);
  assert.equal(retryAfter(new Headers({ "retry-after": "3" })), 3000);
  const at = retryAfter(new Headers({ "retry-after": new Date(Date.now() + 60_000).toUTCString() }))!;
  assert.ok(at > 55_000 && at <= 60_000, String(at));
  assert.equal(retryAfter(new Headers({ "retry-after": "soon" })), null);
  assert.equal(retryAfter(new Headers()), null);
});
