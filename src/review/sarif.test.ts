import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadRules, reviewFiles, toSarif } from "./index.ts";
import type { SourceFile } from "./types.ts";
import type { ReviewResult } from "./index.ts";
import { officialValidator, skipWithoutSchema as skip, validationErrors as errors } from "./testing/sarif-schema.ts";

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

// A repository with several languages: pattern findings (with a fix), a taint flow, a secret, skipped files,
// a relative path needing percent-encoding, and an invalid custom rule reported as a configuration notification.
const repo: Record<string, string> = {
  "src/my app/handler.js": [
    'const { exec } = require("child_process");',
    'app.get("/x", (req, res) => {',
    "  const dir = req.query.dir;",
    '  const cmd = "ls " + dir;',
    "  exec(cmd);",
    "});",
    "if (x == NaN) {}",
    "const h = crypto.createHash('md5').update(pw);",
    "",
  ].join("\n"),
  "tools/build.py": "import hashlib\nhashlib.md5(data)\n",
  "cmd/main.go": 'package main\n\nimport "crypto/md5"\n\nfunc main() { md5.New() }\n',
  "config/settings.ini": `[aws]\nkey = AKIA${"ABCDEFGHIJKLMNOP"}\n`,
  "web/app.min.js": "eval(a)",
  "vendor/lib/v.js": "eval(a)\n",
};
const badRule = ["id: my.bad", "language: javascript", "title: t", "description: d", "severity: extreme", "rule: { pattern: x }"].join("\n");

let reviewed: Promise<{ review: ReviewResult; sarif: any }> | undefined;
const reviewRepo = () => (reviewed ??= reviewTempRepo());

async function reviewTempRepo(): Promise<{ review: ReviewResult; sarif: any }> {
  const root = mkdtempSync(join(tmpdir(), "crs-sarif-"));
  try {
    writeTree(join(root, "repo"), repo);
    writeTree(join(root, "rules"), { "mine.yml": badRule });
    const rules = await loadRules({ customRulesDirs: [join(root, "rules")] });
    const review = await reviewFiles({ files: join(root, "repo"), rules });
    const srcRoot = pathToFileURL(join(root, "repo")).href;
    return { review, sarif: toSarif(review, { rules: rules.rules, srcRoot, toolVersion: "1.2.3" }) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("SARIF of a multi-language review with taint flows, secrets, fixes and skipped files is valid against the official 2.1.0 schema", { skip }, async () => {
  const validate = officialValidator();
  const { review, sarif } = await reviewRepo();
  const engines = new Set(review.findings.map((f) => f.engine));
  assert.deepEqual([...engines].sort(), ["pattern", "secrets", "taint"], "the review exercises every engine");
  const run = sarif.runs[0];
  assert.ok(
    run.results.some((r: any) => r.codeFlows?.[0].threadFlows[0].locations.length > 1),
    "a taint result carries a code flow",
  );
  assert.ok(
    run.results.some((r: any) => r.fixes),
    "a result carries a fix",
  );
  assert.ok(run.invocations[0].toolExecutionNotifications.length >= 2, "skipped files are notifications");
  assert.ok(run.invocations[0].toolConfigurationNotifications.length >= 1, "invalid rules are notifications");
  assert.ok(new Set(review.findings.map((f) => f.location.path.split(".").pop())).size >= 4, "findings span several languages");
  assert.equal(validate(sarif), true, errors(validate));
});

test('the official SARIF schema rejects a result with level "fatal" and a result without a message', { skip }, async () => {
  const validate = officialValidator();
  const { sarif } = await reviewRepo();
  assert.equal(validate(sarif), true, errors(validate));
  const fatal = structuredClone(sarif);
  fatal.runs[0].results[0].level = "fatal";
  assert.equal(validate(fatal), false);
  assert.ok(
    validate.errors!.some((e) => e.instancePath === "/runs/0/results/0/level" && e.keyword === "enum"),
    errors(validate),
  );
  const silent = structuredClone(sarif);
  delete silent.runs[0].results[0].message;
  assert.equal(validate(silent), false);
  assert.ok(
    validate.errors!.some((e) => e.instancePath === "/runs/0/results/0" && e.params.missingProperty === "message"),
    errors(validate),
  );
});

async function* files(): AsyncGenerator<SourceFile> {
  yield { path: "src/my app/a.js", content: Buffer.from("if (x == NaN) {}\nconst h = crypto.createHash('md5').update(pw);\n") };
  yield { path: "lib/x.min.js", content: Buffer.from("eval(a)") };
}

test("SARIF export carries CWE tags, security-severity, fingerprints, fixes, code flows and notifications", async () => {
  const rules = await loadRules();
  const result: ReviewResult = await reviewFiles({ files: files(), rules, taint: false });
  result.findings.push({ ...result.findings[0]!, ruleId: "js.taint.xss", flow: [result.findings[0]!.location, result.findings[1]!.location] });
  result.ruleProblems.push({ file: "custom/r.yml", line: 3, reason: "bad" });
  const sarif = toSarif(result, { rules: rules.rules, srcRoot: "file:///work/repo/" }) as any;
  const run = sarif.runs[0];
  const hash = run.tool.driver.rules.find((r: any) => r.id === "js.weak-hash");
  assert.ok(hash.properties.tags.includes("external/cwe/cwe-328"));
  assert.equal(hash.properties["security-severity"], "5.5");
  assert.match(hash.help.markdown, /SHA-256/);
  const nan = run.results.find((r: any) => r.ruleId === "js.nan-comparison");
  assert.equal(nan.locations[0].physicalLocation.artifactLocation.uri, "src/my%20app/a.js");
  assert.match(nan.partialFingerprints.primaryLocationLineHash, /^[0-9a-f]{16}:1$/);
  assert.equal(nan.fixes[0].artifactChanges[0].replacements[0].insertedContent.text, "Number.isNaN(x)");
  assert.equal(run.results.find((r: any) => r.ruleId === "js.taint.xss").codeFlows[0].threadFlows[0].locations.length, 2);
  assert.deepEqual(
    run.invocations[0].toolExecutionNotifications.map((n: any) => n.descriptor.id),
    ["skipped/minified"],
  );
  assert.equal(run.invocations[0].toolConfigurationNotifications.length, 1);
  assert.deepEqual(run.originalUriBaseIds, { "%SRCROOT%": { uri: "file:///work/repo/" } });
  for (const r of run.results) assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
});

test("SARIF of a review with model findings (a suggested fix, a shared rule per CWE) and a model notification is valid against the official schema", {
  skip,
}, async () => {
  const validate = officialValidator();
  const { review } = await reviewRepo();
  const base = review.findings[0]!;
  const model = (title: string, line: number) => ({
    ...base,
    ruleId: "model/cwe-862",
    title,
    description: "Anyone can call it.",
    cwe: [862],
    engine: "model",
    tags: ["model"],
    flow: undefined,
    location: { path: base.location.path, startLine: line, startColumn: 1, endLine: line, endColumn: 5, snippet: "code" },
    fix: { description: "Require an admin", replacement: "requireAdmin(req);\ncode", patch: "--- a/x\n+++ b/x\n" },
  });
  const withModel: ReviewResult = { ...review, findings: [...review.findings, model("Missing authorization", 2), model("Unchecked owner", 3)] };
  const sarif = toSarif(withModel, {
    notifications: [{ id: "model/partial", level: "warning", text: "Model review partial: the token budget ran out" }],
  }) as any;
  assert.equal(validate(sarif), true, errors(validate));
  const run = sarif.runs[0];
  const rule = run.tool.driver.rules.filter((r: any) => r.id === "model/cwe-862");
  assert.equal(rule.length, 1);
  assert.equal(rule[0].shortDescription.text, "Model reviewer finding (CWE-862)");
  const results = run.results.filter((r: any) => r.ruleId === "model/cwe-862");
  assert.deepEqual(
    results.map((r: any) => r.message.text),
    ["Missing authorization. Anyone can call it.", "Unchecked owner. Anyone can call it."],
  );
  assert.equal(results[0].fixes[0].artifactChanges[0].replacements[0].insertedContent.text, "requireAdmin(req);\ncode");
  assert.deepEqual(run.invocations[0].toolExecutionNotifications.at(-1), {
    level: "warning",
    message: { text: "Model review partial: the token budget ran out" },
    descriptor: { id: "model/partial" },
  });
});
