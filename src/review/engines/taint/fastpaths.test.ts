// The analysis skips native calls where a grammar fixes the answer; these tests hold each shortcut
// to the generic reading on the corpus and on the shapes that vary.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { parseFor } from "./run.ts";
import { TNode } from "./node.ts";
import { syntaxFor } from "./langs.ts";
import { operatorOf } from "./consts.ts";

const corpus = new URL("./corpus/", import.meta.url).pathname;
const extra: Record<string, string> = {
  python: "x = 1\ny: int = 2\nz: int\na, b = 1, 2\nc = d = 3\n",
  javascript: "let a; a = 1; a = b = 2; ({ x } = o); [p, q] = r; a.b = 1; a[0] = 2;\n",
  typescript: "let a: number; a = 1; (a as any) = 2;\n",
  go: "package p\nfunc f() { a := 1; b, c := 2, 3; a, b = b, a; a += 1; _ = c }\n",
  java: "class C { void f() { int a; a = 1; a += 2; a = a = 3; } }\n",
};

function* sources(): Generator<[string, string]> {
  for (const lang of readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
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
