import assert from "node:assert/strict";
import { test } from "node:test";
import { loadRules, parseRepoConfig, reviewFiles, toSarif } from "./index.ts";
import { stream } from "./testing/stream.ts";

const rules = await loadRules();
const weakHash = "const crypto = require('crypto');\nconst h = crypto.createHash('md5').update(pw);\n";
const review = (files: Record<string, string>, extra: Partial<Parameters<typeof reviewFiles>[0]> = {}) =>
  reviewFiles({ files: stream(files), rules, taint: false, ...extra });

test(".crs.yml: skipped paths are not reviewed, rules turn off by id or prefix (the most specific selector wins), severities are overridden", async () => {
  const parsed = parseRepoConfig(
    ["skip: ['vendor-copy/**', '**/*.spec.js']", "rules:", "  'js.*': off", "  js.weak-hash: on", "severity:", "  js.weak-hash: critical"].join("\n"),
  );
  assert.equal(parsed.warning, null);
  const files = { "src/a.js": `${weakHash}if (x === NaN) {}\n`, "vendor-copy/b.js": weakHash, "src/a.spec.js": weakHash };
  const plain = await review(files);
  assert.ok(plain.findings.some((f) => f.ruleId === "js.nan-comparison"));
  assert.ok(plain.findings.some((f) => f.location.path === "vendor-copy/b.js"));
  const tuned = await review(files, { repoConfig: parsed.config! });
  assert.deepEqual(
    tuned.findings.map((f) => [f.location.path, f.ruleId, f.severity]),
    [["src/a.js", "js.weak-hash", "critical"]],
  );
  assert.deepEqual(tuned.skipped.map((s) => [s.path, s.reason, s.detail]).sort(), [
    ["src/a.spec.js", "out_of_scope", ".crs.yml skip"],
    ["vendor-copy/b.js", "out_of_scope", ".crs.yml skip"],
  ]);
  assert.equal(tuned.stats.files, 1);
});

test("an invalid .crs.yml gives a warning naming the problem and no config", () => {
  for (const [text, why] of [
    ["skip: [unclosed", /not YAML/],
    ["rules:\n  js.weak-hash: maybe", /rules\.js\.weak-hash/],
    ["severity:\n  js.weak-hash: urgent", /severity\.js\.weak-hash/],
    ["paths: ['a/**']", /paths|Unrecognized/i],
    ["rules:\n  'bad id!': off", /rules/],
    ["- a\n- b", /expected object/i],
  ] as const) {
    const r = parseRepoConfig(text);
    assert.equal(r.config, null, text);
    assert.match(r.warning!, /^\.crs\.yml ignored: /);
    assert.match(r.warning!, why, text);
  }
  assert.match(parseRepoConfig(`skip: ['${"a".repeat(70_000)}']`).warning!, /larger than/);
  assert.deepEqual(parseRepoConfig("").config, { skip: [], rules: {}, severity: {} }, "an empty file is an empty config");
});

test("crs-ignore on the line or the line above marks the finding suppressed with its reason; other rules and lines stay unmarked", async () => {
  const src = [
    "const crypto = require('crypto');",
    "// crs-ignore js.weak-hash: checksum for cache keys, not security",
    "const a = crypto.createHash('md5').update(pw);",
    "const b = crypto.createHash('md5').update(pw); // crs-ignore js.*: legacy",
    "const c = crypto.createHash('md5').update(pw); // crs-ignore js.other-rule: not this one",
    "",
    "const d = crypto.createHash('md5').update(pw);",
  ].join("\n");
  const res = await review({ "a.js": src, "b.py": "import hashlib\n# crs-ignore py.weak-hash: fixture\nhashlib.md5(b'x')\n" });
  const marks = res.findings.filter((f) => f.ruleId.endsWith("weak-hash")).map((f) => [f.location.path, f.location.startLine, f.suppression?.text ?? null]);
  assert.deepEqual(marks, [
    ["a.js", 3, "checksum for cache keys, not security"],
    ["a.js", 4, "legacy"],
    ["a.js", 5, null],
    ["a.js", 7, null],
    ["b.py", 3, "fixture"],
  ]);
  const sarif = toSarif(res) as any;
  const results = sarif.runs[0].results as any[];
  assert.deepEqual(
    results.filter((r) => r.suppressions).map((r) => r.suppressions[0].justification),
    ["checksum for cache keys, not security", "legacy", "fixture"],
  );
});

test("in a change review, a suppression on a line the change adds is flagged as added by the change", async () => {
  const src = `${weakHash}// crs-ignore js.weak-hash: new excuse\nconst k = require('crypto').createHash('md5').update(pw);\n`;
  const res = await review({ "a.js": src }, { changedLines: new Map([["a.js", [[2, 4]]]]) });
  const flags = res.findings.filter((f) => f.ruleId === "js.weak-hash").map((f) => [f.location.startLine, f.suppression?.addedByChange ?? null]);
  assert.deepEqual(flags, [
    [2, null],
    [4, true],
  ]);
  const old = await review({ "a.js": src }, { changedLines: new Map([["a.js", [[4, 4]]]]) });
  assert.deepEqual(
    old.findings.filter((f) => f.ruleId === "js.weak-hash").map((f) => f.suppression?.addedByChange),
    [false],
  );
});
