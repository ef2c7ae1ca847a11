// Small files are matched together on one joined tree (fast/packed.ts) and rules in one merged
// walk (fast/merged.ts); every test here holds the engine to one promise: the same findings as
// each rule's own query on each file alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "@ast-grep/napi";
import type { NapiConfig, SgNode } from "@ast-grep/napi";
import { FileAnalyzer } from "../analyze-file.ts";
import type { FileOutcome } from "../analyze-file.ts";
import { loadRules } from "../index.ts";
import { builtinRulesDir, parseRuleText } from "../rule-loader.ts";
import { packSafe } from "./pack-runs.ts";
import { detectLanguage, ensureParsers, languages, parserName } from "../languages.ts";
import { buildPacks, ruleJobs } from "../engines/patterns.ts";
import { runRules } from "./merged.ts";
import { functionKinds } from "../engines/taint/index.ts";
import { satisfied } from "./need.ts";
import type { SourceFile } from "../types.ts";

const rules = (await loadRules()).rules;
const analyzer = (taint: boolean, extra = rules) =>
  new FileAnalyzer({ rules: extra, selections: [], overrides: [], taint, maxBytes: 1 << 20, timeBudgetMs: 10_000 });
const file = (path: string, text: string): SourceFile => ({ path, content: Buffer.from(text) });

function assertSameAsAlone(a: FileAnalyzer, files: SourceFile[]): FileOutcome[] {
  const together = a.analyzeMany(files.map((f) => ({ file: f })));
  for (const [i, f] of files.entries()) assert.deepEqual(together[i], a.analyze(f), `${f.path} differs when joined`);
  return together;
}

/** Every rule example and taint corpus file, each twice (so occurrence counters are per file). */
function examples(): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.(ya?ml|md)$/.test(e.name)) out.push(file(p.slice(p.indexOf("src/")), readFileSync(p, "utf8")));
    }
  };
  walk(builtinRulesDir);
  walk(new URL("../engines/taint/corpus/", import.meta.url).pathname);
  return [...out, ...out.map((f) => ({ ...f, path: `copy/${f.path}` }))];
}

test("every rule example and taint corpus file gets the same findings joined with the others as alone", () => {
  const files = examples();
  assert.ok(files.length > 60);
  for (const taint of [false, true]) {
    const a = analyzer(taint);
    const out = assertSameAsAlone(a, files);
    assert.ok(a.joined.files > files.length / 2, `most files were joined (${JSON.stringify(a.joined)})`);
    assert.ok(out.reduce((n, o) => n + o.findings.length, 0) > 300, "the examples yield findings");
  }
});

test("a file with a syntax error, an unclosed template or a statement running into the next file is analysed alone", () => {
  const exec = "const cp = require('child_process');\napp.get('/', (req, res) => {\n  cp.exec('ls ' + req.query.dir);\n});\n";
  const py = "import os\nfrom flask import request\n\ndef view():\n    os.system('ls ' + request.args.get('d'))\n";
  // All JavaScript files share the same live rules, so they are joined in this order.
  const files = [
    file("a.js", exec),
    file("run-on.js", `${exec}let total = base`),
    file("paren.js", `(function () { return 1 })()\n${exec}`),
    file("b.js", exec),
    file("broken.js", `${exec}function (\n`),
    file("c.js", exec),
    file("open-template.js", `${exec}const t = \`unclosed \${x}\n`),
    file("d.js", exec),
    file("a.py", py),
    file("unclosed.py", `${py}x = '''never closed\n`),
    file("b.py", py),
  ];
  const a = analyzer(true);
  const out = assertSameAsAlone(a, files);
  // Each broken file, and the file a statement ran on into, went back to be analysed alone.
  assert.ok(a.joined.alone >= 6 && a.joined.files >= 3, JSON.stringify(a.joined));
  const hit = (o: FileOutcome, line: number) => o.findings.some((f) => f.ruleId.endsWith(".taint.command-injection") && f.location.startLine === line);
  for (const i of [0, 1, 3, 4, 5, 6, 7]) assert.ok(hit(out[i]!, 3), files[i]!.path);
  assert.ok(hit(out[2]!, 4) && hit(out[8]!, 5) && hit(out[9]!, 5) && hit(out[10]!, 5));
});

test("rules that look at siblings or the root keep a language's files apart, and still find the same", () => {
  ensureParsers();
  const rootKind = String(parse(parserName("javascript"), "").root().kind());
  // Every built-in rule lets files be joined.
  assert.equal(
    packSafe(
      rules.map((r) => r.config),
      rootKind,
    ),
    true,
  );
  const custom = parseRuleText(
    [
      "id: custom.after-import",
      "language: javascript",
      "title: Statement after an import",
      "description: test rule",
      "severity: low",
      "rule:",
      "  kind: expression_statement",
      "  follows: { kind: import_statement }",
    ].join("\n"),
    "custom.yml",
  );
  assert.deepEqual(custom.problems, []);
  assert.equal(
    packSafe(
      custom.rules.map((r) => r.config),
      rootKind,
    ),
    false,
  );
  assert.equal(packSafe([{ rule: { kind: "call_expression", nthChild: 1 } }], rootKind), false);
  assert.equal(packSafe([{ rule: { kind: "call_expression", has: { nthChild: 1, kind: "string" } } }], rootKind), true);
  assert.equal(packSafe([{ rule: { kind: rootKind } }], rootKind), false);
  // The second file's first statement follows the first file's import only when joined.
  const files = [file("a.js", "import x from 'x';\n"), file("b.js", "go();\n"), file("c.js", "import y from 'y';\nrun();\n")];
  const a = analyzer(false, custom.rules);
  const out = assertSameAsAlone(a, files);
  assert.deepEqual(a.joined, { files: 0, trees: 0, alone: 0 });
  assert.deepEqual(
    out.map((o) => o.findings.map((f) => f.location.startLine)),
    [[], [], [2]],
  );
});

test("a file an import-reading rule may match is analysed alone, while the language's other files are joined", () => {
  // Reading `import hashlib as h` at the module: joined, the rule would see another file's import.
  const custom = parseRuleText(
    [
      "id: custom.aliased-md5",
      "language: python",
      "title: MD5 through an alias",
      "description: test rule",
      "severity: low",
      "rule:",
      "  pattern: $H.md5($$$)",
      "  inside: { stopBy: end, kind: module, has: { pattern: import hashlib as $H } }",
    ].join("\n"),
    "custom.yml",
  );
  assert.deepEqual(custom.problems, []);
  const files = [
    file("a.py", "import hashlib as h\n\ndef f(b):\n    return h.md5(b)\n"),
    file("b.py", "def g(b):\n    return h.md5(b)\n"),
    file("c.py", "def k(x):\n    return eval(x)\n"),
    file("d.py", "def m(x):\n    return eval(x * 2)\n"),
  ];
  const a = analyzer(false, [...rules, ...custom.rules]);
  const out = assertSameAsAlone(a, files);
  assert.deepEqual(
    out.map((o) => o.findings.map((f) => `${f.ruleId}:${f.location.startLine}`).sort()),
    [["custom.aliased-md5:4", "py.weak-hash:4"], ["py.weak-hash:2"], ["py.code-injection:2"], ["py.code-injection:2"]],
  );
  assert.equal(a.joined.files, 2);
});

test("changed-line filters and skipped files apply per file in a joined batch", () => {
  const src = "const crypto = require('crypto');\ncrypto.createHash('md5').update(pw);\ncrypto.createHash('sha1').update(pw);\n";
  const a = analyzer(false);
  const out = a.analyzeMany([{ file: file("one.js", src), changed: [[3, 3]] }, { file: file("vendor/lib.js", src) }, { file: file("two.js", src) }]);
  assert.deepEqual(
    out[0]!.findings.map((f) => f.location.startLine),
    [3],
  );
  assert.equal(out[1]!.skipped?.reason, "vendored");
  assert.deepEqual(out[2]!.findings.map((f) => f.location.startLine).sort(), [2, 3]);
});

test("rules run in one merged walk match exactly the nodes each rule's own query matches, with or without functions and syntax errors listed", () => {
  ensureParsers();
  const packs = buildPacks(rules, languages);
  const many = `${"eval(userInput);\n".repeat(6)}const same = 1;\nx = x;\nif (a) { b(); } else { b(); }\n`;
  const at = (nodes: SgNode[]) => nodes.map((n) => `${n.range().start.index}-${n.range().end.index}`);
  // Syntax errors, nested and at the top level, in each language with taint.
  const broken = [
    file("broken.js", "function f( {\n  eval(x;\n}\nx = x;\nconst a = [1, 2;\n"),
    file("broken.py", "def f(:\n    eval(x\nx = x\n"),
    file("broken.go", "package a\nfunc f( {\n\tx = x\n}\n"),
    file("Broken.java", "class A { void f( { x = x; } }\n"),
  ];
  let compared = 0;
  let listed = 0;
  let errors = 0;
  for (const f of [...examples(), file("many.js", many), ...broken]) {
    const text = f.content.toString("utf8");
    const lang = detectLanguage(f.path, text.slice(0, 200));
    const pack = lang && packs.get(lang);
    if (!lang || !pack) continue;
    const top = parse(parserName(lang), text).root();
    const present = pack.scanner.scan(text);
    const jobs = ruleJobs(
      pack,
      pack.rules.map((r) => satisfied(r.need, present)),
      present,
    );
    const funcs = functionKinds(lang);
    const ownErrors = at(top.findAll({ rule: { kind: "ERROR" } } as NapiConfig));
    for (const [extra, withErrors] of (funcs.size ? [undefined, funcs] : [undefined]).flatMap(
      (x) =>
        [
          [x, false],
          [x, true],
        ] as const,
    )) {
      const run = runRules(top, text.length, jobs, Date.now() + 60_000, extra, withErrors);
      if (!withErrors) assert.equal(run.errors, null);
      else if (run.errors) {
        assert.deepEqual(at(run.errors), ownErrors, `${f.path}: errors`);
        errors += run.errors.length;
      }
      for (const j of jobs) {
        const own = at(top.findAll(j.config));
        assert.deepEqual(at(run.nodes.get(j.index) ?? []), own, `${f.path}: ${pack.rules[j.index]!.id}`);
        compared += own.length;
      }
      if (run.extra) {
        assert.deepEqual(at(run.extra), at(top.findAll({ rule: { any: [...funcs].map((kind) => ({ kind })) } } as NapiConfig)), f.path);
        listed += run.extra.length;
      }
    }
  }
  assert.ok(compared > 400, `${compared} matches compared`);
  assert.ok(listed > 100, `${listed} functions listed`);
  assert.ok(errors >= broken.length, `${errors} syntax errors found on the way`);
});

test("taint analyses a joined file on the joined tree and reports flows at the file's own lines", () => {
  const handler = "const cp = require('child_process');\napp.get('/', (req, res) => {\n  cp.exec('ls ' + req.query.dir);\n});\n";
  // Characters outside the BMP before the flow: offsets in the joined tree are UTF-16, as alone.
  const padded = `// répertoire 😀 ${"x".repeat(40)}\n${"// padding line of a long module\n".repeat(600)}${handler}`;
  // Top-level code of one file must not see another's variables: alone, `dir` in c.js is unknown.
  const source = `${handler}const dir = process.argv[2];\ncp.exec('ls ' + dir);\n`;
  const sink = `${handler}cp.exec('ls ' + dir);\n`;
  // Line ends other than LF, and a last line without one, shift nothing either.
  const crlf = handler.replace(/\n/g, "\r\n");
  const unterminated = handler.slice(0, -1);
  const files = [
    file("a.js", handler),
    file("b.js", padded),
    file("c-src.js", source),
    file("c.js", sink),
    file("crlf.js", crlf),
    file("end.js", unterminated),
    file("z.js", handler),
  ];
  const a = analyzer(true);
  const out = assertSameAsAlone(a, files);
  assert.deepEqual(a.joined, { files: 7, trees: 1, alone: 0 });
  for (const i of [4, 5, 6])
    assert.ok(
      out[i]!.findings.some((f) => f.ruleId === "js.taint.command-injection" && f.location.startLine === 3),
      files[i]!.path,
    );
  const flow = out[1]!.findings.find((f) => f.ruleId === "js.taint.command-injection");
  assert.ok(flow, "the padded file's flow is found");
  assert.equal(flow.location.startLine, 604);
  assert.deepEqual(
    flow.flow?.map((s) => [s.startLine, s.startColumn, s.snippet]),
    [
      [604, 19, "req.query"],
      [604, 3, "cp.exec('ls ' + req.query.dir)"],
    ],
  );
  assert.ok(
    out[2]!.findings.some((f) => f.ruleId === "js.taint.command-injection" && f.location.startLine === 6),
    "the source file's own flow",
  );
  assert.ok(!out[3]!.findings.some((f) => f.ruleId === "js.taint.command-injection" && f.location.startLine === 5), "no flow from another file's top level");
  const rulesOnly = analyzer(false);
  rulesOnly.analyzeMany(files.map((f) => ({ file: f })));
  assert.equal(rulesOnly.joined.files, 7);
});

test("a joined file reaches a sink in a helper of its own from a caller in another top-level function, as alone", () => {
  const helper = "const cp = require('child_process');\nfunction archive(dir) {\n  cp.exec('tar czf out.tgz ' + dir);\n}\n";
  const caller = "app.get('/', (req, res) => {\n  archive(req.query.dir);\n  res.end();\n});\n";
  const files = [file("a.js", "const x = 1;\n"), file("helper.js", `${helper}${caller}`), file("z.js", `${caller}${helper}`)];
  const a = analyzer(true);
  const out = assertSameAsAlone(a, files);
  assert.equal(a.joined.trees, 1);
  assert.ok(
    out[1]!.findings.some((f) => f.ruleId === "js.taint.command-injection" && f.location.startLine === 3),
    "helper above its caller",
  );
  assert.ok(
    out[2]!.findings.some((f) => f.ruleId === "js.taint.command-injection" && f.location.startLine === 7),
    "helper below its caller",
  );
});

test("a file no rule may match and taint has nothing to walk in is not parsed, and its secrets are still found", () => {
  const token = `ghp_${"A1b2C3d4E5".repeat(3)}Xq7Lm2`;
  const files = [
    file("plain.js", `export const add = (a, b) => a + b;\nconst t = "${token}";\n`),
    file("self.js", "let x = 1;\nx = x;\n"),
    file("handler.js", "const cp = require('child_process');\napp.get('/', (req, res) => {\n  cp.exec('ls ' + req.query.dir);\n});\n"),
  ];
  for (const taint of [false, true]) {
    const a = analyzer(taint);
    const out = a.analyzeMany(files.map((f) => ({ file: f })));
    assert.equal(a.treeless.files, 1, "only plain.js goes without a tree");
    assert.deepEqual(
      out[0]!.findings.map((f) => f.ruleId),
      ["secret.github-token"],
    );
    assert.ok(out[1]!.findings.some((f) => f.ruleId === "js.self-assignment"));
    assert.ok(out[2]!.findings.some((f) => f.ruleId === (taint ? "js.taint.command-injection" : "js.command-injection")));
  }
});

test("files analysed again with another file as context are joined, with the findings each gets alone", () => {
  const helper = {
    path: "app/util/Shell.java",
    names: ["java:Shell"],
    source: [
      "package app.util;",
      "",
      "public final class Shell {",
      "  public static int run(String cmd) throws Exception {",
      "    return Runtime.getRuntime().exec(cmd).waitFor();",
      "  }",
      "}",
      "",
    ].join("\n"),
  };
  const servlet = (i: number, arg: string) =>
    file(
      `app/web/S${i}.java`,
      [
        "package app.web;",
        "",
        "import app.util.*;",
        "",
        `public class S${i} extends HttpServlet {`,
        "  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {",
        '    String name = req.getParameter("name");',
        `    Shell.run(${arg});`,
        "  }",
        "}",
        "",
      ].join("\n"),
    );
  const files = [servlet(1, '"convert " + name'), servlet(2, '"ls"'), servlet(3, '"rm " + name')];
  const a = analyzer(true);
  const together = a.analyzeMany(files.map((f) => ({ file: f, context: [helper] })));
  assert.ok(a.joined.files >= 3, `joined: ${JSON.stringify(a.joined)}`);
  for (const [i, f] of files.entries()) {
    assert.deepEqual(together[i], analyzer(true).analyzeMany([{ file: f, context: [helper] }])[0], `${f.path} differs when joined`);
  }
  assert.deepEqual(
    together.map((o) => o.findings.filter((x) => x.engine === "taint").length),
    [1, 0, 1],
  );
});
