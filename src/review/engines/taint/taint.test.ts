import { test } from "node:test";
import assert from "node:assert/strict";
import { parse as parseYaml } from "yaml";
import type { Finding } from "../../types.ts";
import { analyzeSource, parseFor } from "./run.ts";
import { refineWithTaint, taintLanguages } from "./index.ts";
import { rulesFor } from "./syntax/rules.ts";

function patternFinding(line: number, column: number, tags: string[], cwe: number[] = []): Finding {
  return {
    ruleId: "js.pattern.exec",
    title: "exec",
    description: "d",
    severity: "high",
    cwe,
    confidence: "medium",
    tags,
    location: { path: "a.js", startLine: line, startColumn: column, endLine: line, endColumn: column + 10 },
    relatedLocations: [],
    fingerprint: "p",
    engine: "pattern",
  };
}

const handler = `const { exec } = require("child_process");
app.get("/x", (req, res) => {
  const dir = req.query.dir;
  const cmd = "ls " + dir;
  exec(cmd);
});
`;

test("a tainted flow becomes a finding with rule id, class metadata and the source-to-sink flow", () => {
  const [f, ...rest] = analyzeSource("javascript", "a.js", handler);
  assert.equal(rest.length, 0);
  assert.equal(f!.ruleId, "js.taint.command-injection");
  assert.equal(f!.engine, "taint");
  assert.equal(f!.severity, "critical");
  assert.deepEqual(f!.cwe, [78]);
  assert.deepEqual(
    f!.flow!.map((l) => l.startLine),
    [3, 3, 4, 5],
  );
  assert.match(f!.flow![0]!.message!, /^source/);
  assert.match(f!.flow!.at(-1)!.message!, /^sink/);
  assert.equal(f!.location.startLine, 5);
  assert.match(f!.description, /argument array/);
});

test("the fingerprint survives unrelated edits above and changes when the sink changes", () => {
  const base = analyzeSource("javascript", "a.js", handler)[0]!.fingerprint;
  const shifted = analyzeSource("javascript", "a.js", `// header\n\n${handler.replace("const dir", "const   dir")}`)[0]!.fingerprint;
  const changed = analyzeSource("javascript", "a.js", handler.replace("exec(cmd)", "exec(cmd + ' -la')"))[0]!.fingerprint;
  assert.equal(shifted, base);
  assert.notEqual(changed, base);
});

test("a pattern finding at a sink with no tainted flow is dropped", () => {
  const src = `app.get("/x", (req, res) => {\n  const cmd = "ls";\n  exec(cmd);\n});\n`;
  assert.deepEqual(analyzeSource("javascript", "a.js", src, [patternFinding(3, 3, ["taint:command-injection"])]), []);
});

test("a pattern finding that duplicates a taint finding at the same sink is replaced by it", () => {
  const out = analyzeSource("javascript", "a.js", handler, [patternFinding(5, 3, ["command-injection"])]);
  assert.deepEqual(
    out.map((f) => f.engine),
    ["taint"],
  );
});

test("a pattern finding in a function with parse errors is kept at low confidence", () => {
  const src = `app.get("/x", (req, res) => {\n  const cmd = "ls";\n  exec(cmd);\n  let = = ;\n});\n`;
  const out = analyzeSource("javascript", "a.js", src, [patternFinding(3, 3, ["taint:command-injection"])]);
  assert.equal(out.length, 1);
  assert.equal(out[0]!.engine, "pattern");
  assert.equal(out[0]!.confidence, "low");
});

test("a pattern sink unknown to the taint rules still becomes a taint finding of its class when tainted", () => {
  const src = `app.get("/x", (req, res) => {\n  runShell(req.query.c);\n});\n`;
  const out = analyzeSource("javascript", "a.js", src, [patternFinding(2, 3, [], [78])]);
  assert.equal(out.length, 1);
  assert.equal(out[0]!.ruleId, "js.taint.command-injection");
});

test("languages without taint support get their pattern findings back unchanged", () => {
  const pf = patternFinding(1, 1, ["taint:command-injection"]);
  const root = parseFor("javascript", "x");
  assert.deepEqual(refineWithTaint({ path: "a.rb", language: "ruby", root, source: "x", patternFindings: [pf], parseErrors: false }), [pf]);
  assert.deepEqual([...taintLanguages()].sort(), ["go", "java", "javascript", "python", "tsx", "typescript"]);
});

test("taint carried around a loop, through a ternary and a builder chain reaches the sink", () => {
  const js = [
    'app.get("/x", (req, res) => {',
    '  let acc = ""; // child_process',
    "  for (const p of req.query.parts) { acc = acc + p; }",
    '  const c = true ? acc : "x";',
    "  exec(c);",
    "});",
    "",
  ].join("\n");
  assert.equal(analyzeSource("javascript", "a.js", js).length, 1);
  const java = [
    "class A { void h(HttpServletRequest r) throws Exception {",
    "  StringBuilder sb = new StringBuilder();",
    '  sb.append("a").append(r.getHeader("x"));',
    "  st.executeQuery(sb.toString());",
    "} }",
    "",
  ].join("\n");
  assert.deepEqual(
    analyzeSource("java", "A.java", java).map((f) => f.ruleId),
    ["java.taint.sql-injection"],
  );
});

test("a statically false ternary branch and a clean re-assignment stop the taint", () => {
  const js = [
    'app.get("/x", (req, res) => {',
    '  const c = 1 > 2 ? req.query.a : "ls"; // child_process',
    "  exec(c);",
    "  let d = req.query.d;",
    '  if (d.length > 3) { d = "pwd"; } else { d = "ls"; }',
    "  exec(d);",
    "});",
    "",
  ].join("\n");
  assert.deepEqual(analyzeSource("javascript", "a.js", js), []);
});

test("python f-strings, tuple unpacking and Go out-parameters propagate taint", () => {
  const py = `def view(request):\n    a, b = request.GET["a"], "x"\n    os.system(f"echo {a}")\n    os.system(f"echo {b}")\n`;
  assert.deepEqual(
    analyzeSource("python", "v.py", py).map((f) => f.location.startLine),
    [3],
  );
  const go = [
    "package m",
    "func h(w http.ResponseWriter, r *http.Request) {",
    "\tvar in struct{ P string }",
    "\tjson.NewDecoder(r.Body).Decode(&in)",
    "\tos.Open(in.P)",
    "}",
    "",
  ].join("\n");
  assert.deepEqual(
    analyzeSource("go", "h.go", go).map((f) => f.ruleId),
    ["go.taint.path-traversal"],
  );
});

test("every shipped taint.yml is valid YAML that passes the rule schema", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  const dir = new URL("../../rules/", import.meta.url);
  for (const lang of await readdir(dir)) {
    const url = new URL(`${lang}/taint.yml`, dir);
    const text = await readFile(url, "utf8").catch(() => null);
    if (text === null) continue;
    assert.equal((parseYaml(text) as { language: string }).language, lang);
    assert.ok(rulesFor(lang).sinks.lastSegments().length > 0, `${lang} rules compile`);
  }
});

test("hostile nesting depth neither crashes nor drops the pattern finding, which stays at low confidence", () => {
  const deep = `${"(".repeat(3000)}req.query.x${")".repeat(3000)}`;
  const src = `app.get("/x", (req, res) => {\n  exec(${deep});\n  if (${"1 + ".repeat(3000)}1) { exec("ls"); }\n});\n`;
  const out = analyzeSource("javascript", "a.js", src, [patternFinding(2, 3, ["taint:command-injection"])]);
  assert.equal(out.length, 1);
  assert.equal(out[0]!.confidence, "low");
});

test("a pattern finding on an assignment sink is resolved by the analysis of that assignment", () => {
  const src = `function f() {\n  const el = document.getElementById("a");\n  el.innerHTML = location.hash;\n  el.innerHTML = "<b>x</b>";\n}\n`;
  const out = analyzeSource("javascript", "a.js", src, [patternFinding(3, 3, ["taint:xss"]), patternFinding(4, 3, ["taint:xss"])]);
  assert.deepEqual(
    out.map((f) => [f.engine, f.location.startLine]),
    [["taint", 3]],
  );
});

test("a plain exec() is a sink only in files that import child_process", () => {
  const body = `app.get("/x", (req, res) => {\n  exec(req.query.c);\n});\n`;
  assert.equal(analyzeSource("javascript", "a.js", body).length, 0);
  assert.equal(analyzeSource("javascript", "a.js", `const { exec } = require("child_process");\n${body}`).length, 1);
});

test("writing one tainted field taints reads of that field and of the whole object, not other fields", () => {
  const src = [
    'app.get("/x", (req, res) => {',
    "  const o = {};",
    "  o.user = req.query.u;",
    '  o.cmd = "ls";',
    "  cp.exec(o.cmd);",
    "  cp.exec(o.user);",
    "  cp.exec(JSON.stringify(o));",
    "});",
    "",
  ].join("\n");
  assert.deepEqual(
    analyzeSource("javascript", "a.js", src).map((f) => f.location.startLine),
    [6, 7],
  );
});

test("registering the taint grammars keeps every dynamic engine language parseable", async () => {
  const { parse } = await import("@ast-grep/napi");
  const { ensureLanguages } = await import("./syntax/languages.ts");
  ensureLanguages();
  ensureLanguages();
  for (const lang of ["python", "go", "java", "ruby", "php", "csharp", "kotlin", "rust"]) {
    assert.ok(
      parse(lang as never, "x")
        .root()
        .kind(),
      lang,
    );
  }
});

test("files with many candidate sinks find the same flows as files with few", () => {
  const one = `const { exec } = require("child_process");\napp.get("/x", (req, res) => {\n  const fn = function () { return 1; };\n  exec(req.query.a);\n});\n`;
  const many = one + `function quiet() {\n${'  exec("ls");\n'.repeat(20)}}\n`;
  assert.deepEqual(
    analyzeSource("javascript", "a.js", one).map((f) => f.location.startLine),
    [4],
  );
  assert.deepEqual(
    analyzeSource("javascript", "a.js", many).map((f) => f.location.startLine),
    [4],
  );
});

test("a flow through the file's own helper is found in a large file with few candidate sinks as in a small one", () => {
  const small =
    `const { exec } = require("child_process");\nfunction run(cmd) {\n  exec(cmd);\n}\n` +
    `app.get("/x", (req, res) => {\n  run("ls " + req.query.dir);\n});\n`;
  // Over 32 KB of functions that hold no sink: the size past which the file used to be searched per candidate.
  const large = small + Array.from({ length: 900 }, (_, i) => `function pad${i}(a) {\n  return a + ${i};\n}\n`).join("");
  assert.ok(large.length > 32_768);
  for (const source of [small, large]) {
    assert.deepEqual(
      analyzeSource("javascript", "a.js", source).map((f) => [f.ruleId, f.location.startLine]),
      [["js.taint.command-injection", 3]],
    );
  }
});

test("a flow from a weaker source (database read) is reported at low confidence", () => {
  const py = `def job(cur):\n    row = cur.fetchone()\n    cur.execute("SELECT * FROM t WHERE a = '" + row[0] + "'")\n`;
  const [f] = analyzeSource("python", "j.py", py);
  assert.equal(f!.ruleId, "py.taint.sql-injection");
  assert.equal(f!.confidence, "low");
});

test("deeply nested loops and index chains are analysed in linear time and keep their flows", () => {
  // Each loop level and each index level used to evaluate its body twice: 2^30 walks here.
  const depth = 30;
  const open = Array.from({ length: depth }, (_, i) => `${"  ".repeat(i + 1)}for (const k${i} of list) {`).join("\n");
  const close = Array.from({ length: depth }, (_, i) => `${"  ".repeat(depth - i)}}`).join("\n");
  const chain = `t${"[k0]".repeat(depth)}`;
  const src = `const { exec } = require("child_process");
app.get("/x", (req, res) => {
  const list = [1, 2];
  const t = {};
  let cmd = "";
${open}
${"  ".repeat(depth + 1)}cmd = "ls " + req.query.dir + ${chain};
${close}
  exec(cmd);
});
`;
  const findings = analyzeSource("javascript", "a.js", src);
  assert.deepEqual(
    findings.map((f) => f.ruleId),
    ["js.taint.command-injection"],
  );
});
