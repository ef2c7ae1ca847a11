import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// src/main.ts (the lead's dispatcher) may not exist yet, so the command is run through a one-line
// entry that calls reviewCommand exactly as `crs review` will.
const entry = `import { reviewCommand } from ${JSON.stringify(fileURLToPath(new URL("./review.ts", import.meta.url)))};
process.exitCode = await reviewCommand(process.argv.slice(1));`;

function crsReview(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", entry, ...args], { cwd, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), "crs-cli-"));
  const git = (...a: string[]) => execFileSync("git", a, { cwd: dir, stdio: "pipe" });
  git("init", "-q");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  writeFileSync(join(dir, "app.js"), "const crypto = require('crypto');\nconst h = crypto.createHash('md5').update(pw);\n");
  git("add", ".");
  git("commit", "-q", "-m", "one");
  return dir;
}

test("crs review prints findings grouped by file and exits 1 only at or above --fail-on", () => {
  const dir = repo();
  try {
    const r = crsReview(dir, ".", "--threads", "1");
    assert.equal(r.code, 0);
    assert.match(r.out, /app\.js\n {2}2:\d+ +medium +(?:high|medium|low) +Weak hash algorithm +js\.weak-hash/);
    assert.equal(crsReview(dir, ".", "--fail-on", "medium").code, 1);
    assert.equal(crsReview(dir, ".", "--fail-on", "high").code, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review --since reports only findings on lines changed since the revision", () => {
  const dir = repo();
  try {
    writeFileSync(join(dir, "app.js"), `${readFileSync(join(dir, "app.js"), "utf8")}const g = crypto.createHash('sha1').update(pw);\n`);
    writeFileSync(join(dir, "new.py"), "import hashlib\nhashlib.md5(b'x')\n");
    const r = crsReview(dir, ".", "--since", "HEAD", "--json");
    assert.equal(r.code, 0, r.err);
    const res = JSON.parse(r.out) as { findings: { ruleId: string; location: { path: string; startLine: number } }[] };
    assert.deepEqual(
      res.findings.map((f) => `${f.location.path}:${f.location.startLine}:${f.ruleId}`),
      ["app.js:3:js.weak-hash", "new.py:2:py.weak-hash"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review --since keeps reading a file's hunks after an added or removed line that looks like a diff header", () => {
  const dir = repo();
  try {
    const git = (...a: string[]) => execFileSync("git", a, { cwd: dir, stdio: "pipe" });
    writeFileSync(join(dir, "app.js"), `${"let i = 0;\n".repeat(8)}-- i;\n`);
    git("commit", "-qam", "two");
    // As a diff: `+++ i;` (added) and `--- i;` (removed) inside hunks, then a later hunk with a finding.
    writeFileSync(join(dir, "app.js"), `let i = 0;\n++ i;\n${"let i = 0;\n".repeat(7)}const h = require('crypto').createHash('md5').update(pw);\n`);
    const r = crsReview(dir, ".", "--since", "HEAD", "--json");
    assert.equal(r.code, 0, r.err);
    const res = JSON.parse(r.out) as { findings: { ruleId: string; location: { path: string; startLine: number } }[] };
    assert.deepEqual(
      res.findings.map((f) => `${f.location.path}:${f.location.startLine}:${f.ruleId}`),
      ["app.js:10:js.weak-hash"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review --sarif writes a SARIF log; --only narrows the rules; usage errors exit 2", () => {
  const dir = repo();
  try {
    const r = crsReview(dir, ".", "--sarif", "out.sarif", "--only", "cwe-328");
    assert.equal(r.code, 0, r.err);
    const sarif = JSON.parse(readFileSync(join(dir, "out.sarif"), "utf8")) as { version: string; runs: { results: { ruleId: string }[] }[] };
    assert.equal(sarif.version, "2.1.0");
    assert.deepEqual(
      sarif.runs[0]!.results.map((x) => x.ruleId),
      ["js.weak-hash"],
    );
    assert.equal(crsReview(dir, ".", "--fail-on", "severe").code, 2);
    assert.equal(crsReview(dir, ".", "--since", "no-such-rev").code, 2);
    assert.equal(crsReview(dir, ".", "--bogus").code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review --jq filters the JSON result through jq; an expression that does not compile exits 2", () => {
  const dir = repo();
  try {
    const r = crsReview(dir, ".", "--threads", "1", "--jq", '.findings[] | "\\(.location.path):\\(.ruleId)"');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, "app.js:js.weak-hash\n");
    const bad = crsReview(dir, ".", "--threads", "1", "--jq", ".findings[");
    assert.equal(bad.code, 2);
    assert.match(bad.err, /^crs review: --jq: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review --min-confidence drops library-input findings; SARIF ranks them below request data", () => {
  const dir = repo();
  try {
    writeFileSync(
      join(dir, "lib.js"),
      [
        "const cp = require('child_process');",
        "exports.which = function (name) { return cp.execSync('which ' + name); };",
        "app.get('/ping', (req, res) => { cp.exec('ping ' + req.query.host); });",
        "",
      ].join("\n"),
    );
    const where = (out: string) =>
      (JSON.parse(out) as { findings: { ruleId: string; confidence: string; location: { path: string; startLine: number } }[] }).findings
        .filter((f) => f.location.path === "lib.js")
        .map((f) => `${f.location.startLine}:${f.ruleId}:${f.confidence}`);
    const all = crsReview(dir, ".", "--json", "--threads", "1");
    assert.equal(all.code, 0, all.err);
    assert.deepEqual(where(all.out), ["2:js.taint.command-injection:low", "3:js.taint.command-injection:high"]);
    const high = crsReview(dir, ".", "--json", "--threads", "1", "--min-confidence", "medium");
    assert.deepEqual(where(high.out), ["3:js.taint.command-injection:high"]);
    const human = crsReview(dir, ".", "--threads", "1");
    assert.match(human.out, /lib\.js\n {2}2:\d+ +critical +low +/);
    const sarif = crsReview(dir, ".", "--sarif", "--threads", "1", "--only", "javascript");
    const results = (
      JSON.parse(sarif.out) as {
        runs: { results: { rank: number; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
      }
    ).runs[0]!.results.filter((x) => x.locations[0]!.physicalLocation.artifactLocation.uri === "lib.js");
    assert.deepEqual(
      results.map((x) => [x.locations[0]!.physicalLocation.region.startLine, x.rank]),
      [
        [2, 30],
        [3, 90],
      ],
    );
    assert.equal(crsReview(dir, ".", "--min-confidence", "certain").code, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review honours the checkout's .crs.yml: skipped paths, rules off, severity overrides; an invalid one is ignored with a warning", () => {
  const dir = repo();
  try {
    writeFileSync(join(dir, "gen.js"), "const crypto = require('crypto');\nconst g = crypto.createHash('md5').update(pw);\n");
    writeFileSync(join(dir, "nan.js"), "if (x === NaN) {}\n");
    writeFileSync(join(dir, ".crs.yml"), "skip: ['gen.js']\nrules:\n  js.nan-comparison: off\nseverity:\n  js.weak-hash: critical\n");
    type Out = { findings: Array<{ ruleId: string; severity: string; location: { path: string } }> };
    const tuned = JSON.parse(crsReview(dir, ".", "--json", "--threads", "1").out) as Out;
    assert.deepEqual(
      tuned.findings.map((f) => [f.location.path, f.ruleId, f.severity]),
      [["app.js", "js.weak-hash", "critical"]],
    );
    assert.equal(crsReview(dir, ".", "--fail-on", "critical", "--threads", "1").code, 1);
    writeFileSync(join(dir, ".crs.yml"), "rules:\n  js.nan-comparison: sometimes\n");
    const r = crsReview(dir, ".", "--json", "--threads", "1");
    assert.equal(r.code, 0);
    assert.match(r.err, /warning: \.crs\.yml ignored: rules\.js\.nan-comparison/);
    const plain = JSON.parse(r.out) as { findings: Array<{ ruleId: string; location: { path: string } }> };
    assert.deepEqual(plain.findings.map((f) => `${f.location.path}:${f.ruleId}`).sort(), [
      "app.js:js.weak-hash",
      "gen.js:js.weak-hash",
      "nan.js:js.nan-comparison",
    ]);
    const sarif = JSON.parse(crsReview(dir, ".", "--sarif", "--threads", "1").out);
    assert.ok(sarif.runs[0].invocations[0].toolExecutionNotifications.some((n: any) => n.descriptor.id === "config/invalid" && n.level === "warning"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review: a crs-ignore finding is hidden from the human output with a count, kept in SARIF as a suppression, and fails nothing", () => {
  const dir = repo();
  try {
    writeFileSync(
      join(dir, "app.js"),
      "const crypto = require('crypto');\n// crs-ignore js.weak-hash: cache key only\nconst h = crypto.createHash('md5').update(pw);\n",
    );
    const human = crsReview(dir, ".", "--threads", "1");
    assert.doesNotMatch(human.out, /Weak hash algorithm/);
    assert.match(human.out, /0 findings; 1 suppressed by crs-ignore/);
    assert.equal(crsReview(dir, ".", "--fail-on", "low", "--threads", "1").code, 0);
    const sarif = JSON.parse(crsReview(dir, ".", "--sarif", "--threads", "1").out);
    const result = sarif.runs[0].results.find((x: any) => x.ruleId === "js.weak-hash");
    assert.deepEqual(result.suppressions, [{ kind: "inSource", status: "accepted", justification: "cache key only" }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("crs review refuses a file or a missing path with exit 2 instead of reporting nothing found", () => {
  const dir = repo();
  try {
    for (const target of ["app.js", "no-such-dir"]) {
      const r = crsReview(dir, target, "--json");
      assert.equal(r.code, 2, target);
      assert.match(r.err, new RegExp(`${target} is not a directory`));
      assert.equal(r.out, "");
    }
    assert.equal(crsReview(dir, ".", "--json").code, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
