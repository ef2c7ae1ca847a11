import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRules, parseFocusFrontMatter, reviewFiles } from "./index.ts";
import { stream } from "./testing/stream.ts";
import { ReviewError } from "./errors.ts";

const rules = await loadRules();

const review = (files: Record<string, string | Buffer>, extra: Partial<Parameters<typeof reviewFiles>[0]> = {}) =>
  reviewFiles({ files: stream(files), rules, taint: false, ...extra });

test("a finding carries rule metadata, a location with snippet and a fingerprint that survives line shifts", async () => {
  const src = "const crypto = require('crypto');\nconst h = crypto.createHash('md5').update(pw);\n";
  const a = (await review({ "a.js": src })).findings.find((f) => f.ruleId === "js.weak-hash")!;
  assert.equal(a.severity, "medium");
  assert.deepEqual(a.cwe, [328]);
  assert.equal(a.location.startLine, 2);
  assert.match(a.location.snippet!, /createHash\('md5'\)/);
  const shifted = (await review({ "a.js": `\n\n${src.replace("const h =", "const   h  =")}` })).findings.find((f) => f.ruleId === "js.weak-hash")!;
  assert.equal(shifted.location.startLine, 4);
  assert.equal(shifted.fingerprint, a.fingerprint);
  const changed = (await review({ "a.js": src.replace("'md5'", "'sha1'") })).findings.find((f) => f.ruleId === "js.weak-hash")!;
  assert.notEqual(changed.fingerprint, a.fingerprint);
});

test("language is recognised by shebang, and rules with a fix suggest the replacement", async () => {
  const res = await review({ "bin/tool": "#!/usr/bin/env node\nif (x === NaN) {}\n" });
  const f = res.findings.find((x) => x.ruleId === "js.nan-comparison")!;
  assert.equal(f.fix?.replacement, "Number.isNaN(x)");
});

test("vendored, generated, minified, binary and oversized files are reported as skipped with the reason", async () => {
  const res = await review({
    "node_modules/x/index.js": "eval(a)",
    "public/js/lib/jquery-1.10.2.js": "eval(a)",
    "static/bootstrap.v3.4.1.min.css": "a{}",
    "lib/upgrade-1.2.js": "eval(a)",
    "api.pb.go": "package x",
    "gen.ts": "// @generated\neval(a)\n",
    "lib/generated/idl/Node.js": "eval(a)",
    "src/__generated__/query.graphql.ts": "eval(a)",
    "lib/generator.js": "eval(a)",
    "app.min.js": "eval(a)",
    "bundle.js": `${"var a=1;".repeat(2000)}`,
    "docs/prettify.js": `/* license */\n${`${"var a=1;".repeat(60)}\n`.repeat(20)}var end;\n`,
    "lib/plain.js": `${"const a = 1; // a line of hand-written code\n".repeat(200)}const table = "${"x".repeat(400)}";\n`,
    "img.png": Buffer.from([137, 80, 0, 1]),
    "big.py": "x = 1\n".repeat(300_000),
  });
  const reasons = Object.fromEntries(res.skipped.map((s) => [s.path, s.reason]));
  assert.deepEqual(reasons, {
    "node_modules/x/index.js": "vendored",
    "public/js/lib/jquery-1.10.2.js": "vendored",
    "static/bootstrap.v3.4.1.min.css": "vendored",
    "api.pb.go": "generated",
    "gen.ts": "generated",
    "lib/generated/idl/Node.js": "generated",
    "src/__generated__/query.graphql.ts": "generated",
    "app.min.js": "minified",
    "bundle.js": "minified",
    "docs/prettify.js": "minified",
    "img.png": "binary",
    "big.py": "too_large",
  });
  // A generator's own code is reviewed, and so is a file whose name has a number short of a release's version.
  assert.deepEqual(res.findings.map((f) => f.location.path).sort(), ["lib/generator.js", "lib/upgrade-1.2.js"]);
});

test("secrets are found in any text file and redacted in snippet and description", async () => {
  const key = `AKIA${"ABCDEFGHIJKLMNOP"}`;
  const res = await review({ "config/settings.ini": `[aws]\nkey = ${key}\n` });
  const f = res.findings.find((x) => x.ruleId === "secret.aws-access-key-id")!;
  assert.equal(f.location.startLine, 2);
  assert.ok(!f.location.snippet!.includes(key) && !f.description.includes(key));
});

test("changed lines keep only findings that overlap them, and only changed files are read", async () => {
  const src = "eval(a);\neval(b);\n";
  const res = await review({ "a.js": src, "b.js": src }, { changedLines: new Map([["a.js", [[2, 2]]]]) });
  assert.deepEqual(
    res.findings.map((f) => `${f.location.path}:${f.location.startLine}`),
    ["a.js:2"],
  );
});

test("selectors by id glob, tag, CWE and language choose the rules that run", async () => {
  const files = { "a.js": "eval(a);\ncrypto.createHash('md5').update(pw);\n", "b.py": "import hashlib\nhashlib.md5(x)\n" };
  const ids = async (o: object) => (await review(files, o)).findings.map((f) => f.ruleId).sort();
  assert.deepEqual(await ids({ only: ["cwe-328"] }), ["js.weak-hash", "py.weak-hash"]);
  assert.deepEqual(await ids({ only: ["crypto"], exclude: ["python"] }), ["js.weak-hash"]);
  assert.deepEqual(await ids({ only: ["js.*"], exclude: ["tag:crypto"] }), ["js.code-injection"]);
});

test("focus front matter selects rules and changes severities; the body is kept as instructions", async () => {
  const doc = "---\nonly: [crypto]\nseverity:\n  js.weak-hash: critical\n  cwe-328: lower\n---\nLook at crypto.\n";
  const focus = parseFocusFrontMatter(doc);
  assert.equal(focus.instructions, "Look at crypto.");
  const res = await review({ "a.js": "eval(a);\ncrypto.createHash('md5').update(pw);\n" }, { focusDocuments: [doc] });
  assert.deepEqual(
    res.findings.map((f) => [f.ruleId, f.severity]),
    [["js.weak-hash", "high"]],
  );
  assert.throws(
    () => parseFocusFrontMatter("---\nonly: [a\n---\n"),
    (e: unknown) => e instanceof ReviewError && e.kind === "invalid_input",
  );
  assert.throws(() => parseFocusFrontMatter("---\nseverity: { a: huge }\n---\n"), ReviewError);
});

test("scope globs limit the files and report the rest as out of scope", async () => {
  const res = await review({ "src/a.js": "eval(a)", "test/b.js": "eval(b)" }, { scope: ["src/**"] });
  assert.deepEqual(
    res.findings.map((f) => f.location.path),
    ["src/a.js"],
  );
  assert.deepEqual(res.skipped, [{ path: "test/b.js", reason: "out_of_scope" }]);
});

test("custom rules are loaded and invalid ones are reported with file and line", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crs-rules-"));
  try {
    writeFileSync(
      join(dir, "mine.yml"),
      [
        "id: my.no-alert",
        "language: javascript",
        "title: alert",
        "description: d",
        "severity: low",
        "rule: { pattern: alert($X) }",
        "---",
        "id: my.bad",
        "language: javascript",
        "title: t",
        "description: d",
        "severity: extreme",
        "rule: { pattern: x }",
        "---",
        "id: my.badpattern",
        "language: go",
        "title: t",
        "description: d",
        "severity: low",
        "rule: { kind: no_such_kind }",
        "---",
        "id: [unclosed",
      ].join("\n"),
    );
    const set = await loadRules({ customRulesDirs: [dir] });
    assert.deepEqual(
      set.problems.map((p) => [p.file.endsWith("mine.yml"), p.line]),
      [
        [true, 12],
        [true, 14],
        [true, 22],
      ],
    );
    const res = await reviewFiles({ files: stream({ "a.js": "alert(1)" }), rules: set, only: ["my.*"] });
    assert.deepEqual(
      res.findings.map((f) => f.ruleId),
      ["my.no-alert"],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("hostile input: syntax errors, invalid UTF-8, deep nesting, long lines and bad paths degrade without crashing", async () => {
  const res = await review({
    "broken.js": "function ( { eval(a) ;;; }}}}",
    "bytes.py": Buffer.concat([Buffer.from("x = '"), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from("'\neval(y)\n")]),
    "deep.js": `x = ${"[".repeat(5000)}${"]".repeat(5000)};\n`,
    "long.js": `var s = "${"a".repeat(200_000)}";\n`,
    "../escape.js": "eval(a)",
  });
  assert.ok(res.findings.some((f) => f.location.path === "bytes.py" && f.ruleId === "py.code-injection"));
  assert.ok(res.skipped.some((s) => s.path === "../escape.js" && s.reason === "unreadable"));
});

test("a directory walk skips symlinks, .git and vendored directories, and reviews the same with worker threads", async () => {
  const dir = mkdtempSync(join(tmpdir(), "crs-walk-"));
  try {
    mkdirSync(join(dir, "src/loop"), { recursive: true });
    mkdirSync(join(dir, ".git"));
    mkdirSync(join(dir, "vendor"));
    writeFileSync(join(dir, "src/a.js"), "eval(a)\n");
    writeFileSync(join(dir, ".git/x.js"), "eval(a)\n");
    writeFileSync(join(dir, "vendor/v.js"), "eval(a)\n");
    for (let i = 0; i < 200; i++) writeFileSync(join(dir, `src/e${i}.py`), i % 2 ? "" : "eval(x)\n");
    symlinkSync(join(dir, "src"), join(dir, "src/loop/back"));
    const one = await reviewFiles({ files: dir, rules, taint: false });
    const two = await reviewFiles({ files: dir, rules, taint: false, threads: 2 });
    assert.equal(one.findings.length, 101);
    assert.deepEqual(
      two.findings.map((f) => f.fingerprint),
      one.findings.map((f) => f.fingerprint),
    );
    assert.deepEqual(one.skipped.map((s) => [s.path, s.reason]).sort(), [
      ["src/loop/back", "symlink"],
      ["vendor/", "vendored"],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a widget building HTML from its caller's text is reported from library input (low); HTML handed to it whole, its console line are not", async () => {
  const res = await review(
    {
      "src/tooltip.js": `export class Tooltip {
  show(title) {
    const tip = document.createElement("div");
    tip.innerHTML = "<div class='tip'>" + title + "</div>";
    console.warn("shown " + title);
  }
  setContent(html) {
    this.el.innerHTML = html;
  }
}
`,
    },
    { taint: true },
  );
  const taint = res.findings.filter((f) => f.engine === "taint").map((f) => [f.ruleId, f.location.startLine, f.confidence]);
  assert.deepEqual(taint, [["js.taint.xss", 4, "low"]]);
});
