// The analysis skips native calls where a grammar fixes the answer; these tests hold each shortcut
// to the generic reading on the corpus and on the shapes that vary.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { parseFor } from "../run.ts";
import { TNode } from "../syntax/node.ts";
import { syntaxFor } from "../syntax/languages.ts";
import { operatorOf } from "../model/static-conditions.ts";
import { callAt, errorCheck, fileSpans, innermostSweep } from "./function-spans.ts";
import { prefilterFor } from "./prefilter.ts";
import { SpanScopeFinder } from "./scope-finders.ts";
import { rulesFor } from "../syntax/rules.ts";
import { kind } from "@ast-grep/napi";
import { defName } from "../functions/file-defs.ts";
import type { NapiConfig } from "@ast-grep/napi";

const corpus = new URL("../corpus/", import.meta.url).pathname;
const extra: Record<string, string> = {
  python: "x = 1\ny: int = 2\nz: int\na, b = 1, 2\nc = d = 3\n",
  javascript: "let a; a = 1; a = b = 2; ({ x } = o); [p, q] = r; a.b = 1; a[0] = 2;\n",
  typescript: "let a: number; a = 1; (a as any) = 2;\n",
  go: "package p\nfunc f() { a := 1; b, c := 2, 3; a, b = b, a; a += 1; _ = c }\n",
  java: "class C { void f() { int a; a = 1; a += 2; a = a = 3; } }\n",
};

function* sources(): Generator<[string, string]> {
  for (const lang of readdirSync(corpus, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)) {
    for (const f of readdirSync(`${corpus}${lang}`)) yield [f.endsWith(".tsx") ? "tsx" : lang, readFileSync(`${corpus}${lang}/${f}`, "utf8")];
  }
  yield* Object.entries(extra);
}

function* nodes(n: TNode): Generator<TNode> {
  yield n;
  for (const c of n.children()) yield* nodes(c);
}

test("assignment operators the grammar fixes are the ones the tree holds", () => {
  let checked = 0;
  for (const [lang, src] of sources()) {
    const syn = syntaxFor(lang)!;
    for (const n of nodes(new TNode(parseFor(lang, src).root()))) {
      const fast = syn.assignOp(n);
      if (fast === null) continue;
      assert.equal(fast, operatorOf(n), `${lang} ${n.kind()}: ${n.text()}`);
      checked++;
    }
  }
  assert.ok(checked > 50);
});

test("string literals without a brace hold only parts the walk gives no value", () => {
  const plain = /^[A-Za-z]*(["'`])[^{]*\1$/;
  const samples: [string, string][] = [
    ["python", "a = 'x'\nb = f'{y}'\nc = b'\\x00'\nd = \"\"\"doc\n\"\"\"\ne = rb'\\d'\nf = f'plain'\n"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding template literals is the input
    ["javascript", "const a = `x`; const b = `a${c}`; const d = `line\\n`;\n"],
  ];
  let checked = 0;
  for (const [lang, src] of [...sources(), ...samples]) {
    const syn = syntaxFor(lang)!;
    for (const n of nodes(new TNode(parseFor(lang, src).root()))) {
      if (syn.roles[n.kind()] !== "literal" || !plain.test(n.text())) continue;
      for (const d of nodes(n)) {
        if (d === n || !d.isNamed()) continue;
        assert.equal(syn.roles[d.kind()] ?? "none", "none", `${lang} ${d.kind()} in ${n.text()}`);
        assert.notEqual(d.kind(), "ERROR");
      }
      checked++;
    }
  }
  assert.ok(checked > 50);
});

test("a finding's call and its scope's syntax errors are what scanning every call and searching the scope give", () => {
  const broken: [string, string][] = [
    [
      "javascript",
      [
        "function a() { let = = ; x.y(z()); }",
        "function b() { return f(g(1)); }",
        "const c = () => { f(; };",
        "x = function () { return 1; }();",
        "q = h(() => k(), 2);",
        "",
      ].join("\n"),
    ],
    ["python", "def a():\n    x = = 1\n    f(g(x))\n\ndef b():\n    return h(lambda: k(1))\n\ndef c(:\n    pass\n"],
    ["go", "package p\nfunc a() { x := }\nfunc b() int { return f(func() int { return g() }()) }\n"],
    ["java", "class C { void a() { int = ; f(g()); } void b() { run(() -> h(1)); } }\n"],
  ];
  let checked = 0;
  for (const [lang, src] of [...sources(), ...broken]) {
    const syn = syntaxFor(lang)!;
    const root = new TNode(parseFor(lang, src).root());
    const spans = fileSpans(root, syn);
    const calls = root.findAll({ rule: { any: [...syn.callKinds.map((k) => k.kind), syn.assignKind].map((k) => ({ kind: k })) } } as NapiConfig);
    const errorKind = kind(syn.parseLang as never, "ERROR");
    const finder = new SpanScopeFinder(root, spans.funcs);
    const checks = [errorCheck(true, errorKind), errorCheck(root.find(errorKind) !== null, errorKind)];
    const key = (n: TNode | null) => n && `${n.kind()}@${n.range().start.index}-${n.range().end.index}`;
    // Every node start is a place a pattern finding may point at.
    for (const n of nodes(root)) {
      const { line, column: col } = n.range().start;
      let best: TNode | null = null;
      let len = Infinity;
      for (const c of calls) {
        const cr = c.range();
        const after = cr.start.line < line || (cr.start.line === line && cr.start.column <= col);
        const before = cr.end.line > line || (cr.end.line === line && cr.end.column > col);
        if (after && before && cr.end.index - cr.start.index < len) {
          best = c;
          len = cr.end.index - cr.start.index;
        }
      }
      // From the root, and from the node starting there (as from the node a pattern rule matched).
      const got = callAt(root, syn, line, col);
      assert.equal(key(got), key(best), `${lang} at ${line}:${col}`);
      assert.equal(key(callAt(n, syn, line, col)), key(best), `${lang} from ${n.kind()} at ${line}:${col}`);
      // With the text, the descent stops at a child whose text holds no call or assignment: same answer.
      assert.equal(key(callAt(root, syn, line, col, src)), key(best), `${lang} at ${line}:${col}, text given`);
      assert.equal(key(callAt(n, syn, line, col, src)), key(best), `${lang} from ${n.kind()} at ${line}:${col}, text given`);
      if (got) {
        const cr = got.range();
        const scope = finder.scopeOfRange(cr.start.index, cr.end.index);
        for (const check of checks) assert.equal(check(scope), scope.find(errorKind) !== null, `${lang} errors at ${line}:${col}`);
      }
      checked++;
    }
    for (const f of [root, ...spans.funcs.map((s) => s.node)]) for (const check of checks) assert.equal(check(f), f.find(errorKind) !== null);
  }
  assert.ok(checked > 1000);
});

test("candidate sink offsets are the matches of the combined sink regex", () => {
  const texts = [...sources()].map(([, s]) => s);
  for (const f of walkFiles(new URL("../../../rules/", import.meta.url).pathname)) texts.push(readFileSync(f, "utf8"));
  texts.push(
    "$innerHTML = x; a.$innerHTML = y; foo.innerHTML= z; x.query .query(q); exec exec(c); os . system (d); new  File(p)",
    "a..query(x) .\n query(y) execSync(z) exec$(w) _exec(v) $.html(u) document.write(t) el.innerHTML\n= s",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding template literals is the input
    "db.$where(a); db . $where (b); x.$queryRawUnsafe(c) `${d}` $ . html(e) ${f}.$executeRawUnsafe(g) .$(h)",
  );
  let offsets = 0;
  for (const lang of ["javascript", "typescript", "python", "go", "java"]) {
    const pre = prefilterFor(rulesFor(lang));
    for (const text of texts) {
      const expected: number[] = [];
      pre.sinks.lastIndex = 0;
      for (let m = pre.sinks.exec(text); m; m = pre.sinks.exec(text)) expected.push(m.index + (m[0].length - m[0].trimStart().length));
      assert.deepEqual(pre.sinkOffsets(text), expected, `${lang}: ${text.slice(0, 60)}`);
      offsets += expected.length;
    }
  }
  assert.ok(offsets > 100);
});

function* walkFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) yield* walkFiles(`${dir}${e.name}/`);
    else yield `${dir}${e.name}`;
  }
}

test("a function's name read from its first characters is the name the tree gives, on every corpus function", () => {
  const heads = `async def fetch(x): pass
def g[T](x: T) -> T: return x
function* gen() {}
async function load() {}
class K { static async *items() {} get size() { return 1; } set size(v) {} get() {} async run() {} [Symbol.iterator]() {} #hidden() {} }
const arrow = () => 1;
func Handle(w http.ResponseWriter) {}
func (s *Server) Serve() {}
`;
  let checked = 0;
  for (const [language, source] of [
    ...sources(),
    ["python", heads.split("\n").slice(0, 2).join("\n")],
    ["javascript", heads.split("\n").slice(2, 6).join("\n")],
    ["go", `package p\n${heads.split("\n").slice(6).join("\n")}`],
  ] as [string, string][]) {
    const syn = syntaxFor(language)!;
    const root = new TNode(parseFor(language, source).root());
    for (const span of fileSpans(root, syn).funcs) {
      assert.equal(defName(span.node, source), defName(span.node), `${language}: ${source.slice(span.start, span.start + 60)}`);
      checked++;
    }
  }
  assert.ok(checked > 300, `${checked} functions`);
});

test("a function without a name of its own is named by the variable it is assigned to, read from the text as from the tree", () => {
  const js = `const a = () => 1; let b = async (x) => x; var c = function () {}; const d = function named() {};
const e = 1, f = (y) => y; g = () => 2; h.i = () => 3; run(() => 4, function () {}); k(x == (() => 5));
function p(cb = () => 6) {} const q: (n: number) => number = (n) => n;`;
  const py = "f = lambda x: x\nrun(lambda y: y)\ng = h == (lambda: 1)\n";
  const go = "package p\nvar f = func() {}\nfunc main() { g := func() {}; run(func() {}); _ = g }\n";
  const java = "class C { void m() { Runnable r = () -> {}; run(() -> {}); } }\n";
  let checked = 0;
  for (const [language, source] of [
    ["typescript", js],
    ["python", py],
    ["go", go],
    ["java", java],
  ]) {
    const syn = syntaxFor(language!)!;
    const root = new TNode(parseFor(language!, source!).root());
    for (const span of fileSpans(root, syn).funcs) {
      assert.equal(defName(span.node, source), defName(span.node), `${language}: ${source!.slice(span.start, span.start + 40)}`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `${checked} functions`);
});

test("the innermost function around ascending offsets found in one sweep is the smallest one holding each", () => {
  let checked = 0;
  for (const [language, source] of sources()) {
    const syn = syntaxFor(language)!;
    const funcs = fileSpans(new TNode(parseFor(language, source).root()), syn).funcs;
    const around = innermostSweep(funcs);
    for (let at = 0; at < source.length; at += 7) {
      let inner: (typeof funcs)[number] | null = null;
      for (const s of funcs) if (s.start <= at && at < s.end && (!inner || s.end - s.start < inner.end - inner.start)) inner = s;
      assert.equal(around(at), inner, `${language} at ${at}`);
      checked++;
    }
  }
  assert.ok(checked > 10_000, `${checked} offsets`);
});
