// The self-assignment check must never say no where a `$X = $X` rule matches (a file it clears is
// not parsed): held here to the rules themselves on real and generated code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "@ast-grep/napi";
import type { NapiConfig } from "@ast-grep/napi";
import { maySelfAssign } from "./text-checks.ts";
import { loadRules } from "../index.ts";
import { builtinRulesDir } from "../rule-loader.ts";
import { detectLanguage, ensureParsers, parserName } from "../languages.ts";

test("assignments of a side to itself are possible: spaces, comments, brackets, several lines, several values", () => {
  for (const text of [
    "x = x",
    "a.b = a.b;",
    "a[i] = a[ i ]",
    "this.x=this.x",
    "a, b = a, b",
    "x = x  # note",
    "x = x // note",
    "obj.f = obj.f\nnext()",
    "self.a = self.a\n",
    "*p = *p",
    "a\n  .b = a.b",
    "x = /* c */ x",
    "x = /* a */ /* b */\n  x;",
    "x = /* a = /* b */ x",
    "x = // c\n x",
    "a /* c */ = a",
    "$x = $x;",
    "café = café",
    "m[k{1}] = m[k{1}]",
    "a['x;y'] = a['x;y']",
    "f(x = x)",
    "if (a) b = b; else c()",
    "x =\n  x",
    "list[f(a, b)] = list[f(a,b)]",
    "this.a!.b = this.a!.b",
    "a?.b = a?.b",
    "A::B = A::B",
    "$a->b = $a->b",
    "new A().b = new A().b",
    "@x = @x",
    "let y = 1; x = x",
  ])
    assert.equal(maySelfAssign(text), true, text);
});

test("other assignments and operators are not self-assignments", () => {
  for (const text of [
    "x = y",
    "x = x + 1",
    "x == x",
    "x === x",
    "x => x",
    "x += x",
    "x != x",
    "x <= x",
    "x := x",
    "x = x.y",
    "x = xx",
    "xx = x",
    "a.b = b",
    "this.name = name",
    "x = f(x)",
    'const s = "a=b";',
    "x = /x/",
    "x = x(1)",
    "x = x ? a : b",
    "a = b;\nb = a;",
    "x = /* c */ y",
    "var X = /* @__PURE__ */ (() => {\n  class X {}\n  return X;\n})();",
    "exports.A = /* @__PURE__ */ f(exports.A);",
    "",
  ])
    assert.equal(maySelfAssign(text), false, text);
});

test("each side is read only as far as the other goes, and past a budget of steps the answer is yes", () => {
  // Every left side could run back over all the brackets before it, every right side to the end.
  assert.equal(maySelfAssign(`a${")=a".repeat(200_000)}`), false);
  assert.equal(maySelfAssign("a=(".repeat(200_000)), false);
  assert.equal(maySelfAssign("x = y; ".repeat(1_000), 50), true);
  assert.equal(maySelfAssign("x = y; ".repeat(1_000)), false);
  // Comments before values are read as far as the budget goes, not once per `=` inside them.
  assert.equal(maySelfAssign(`${"a=/*".repeat(100_000)}*/b`), true);
  assert.equal(maySelfAssign("x = /* c */ y; ".repeat(1_000)), false);
});

/** The built-in `$X = $X` rules by engine language. */
async function selfAssignmentRules(): Promise<Map<string, NapiConfig>> {
  const out = new Map<string, NapiConfig>();
  for (const r of (await loadRules()).rules) if (r.id.endsWith(".self-assignment")) out.set(r.language, r.config);
  out.set("typescript", out.get("javascript")!);
  return out;
}

function files(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string, limit: number): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (out.length >= limit) return;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, limit);
      else if (/\.(m?js|ts|py|go|java)$/.test(e.name) && !e.name.endsWith(".d.ts")) {
        const text = readFileSync(p, "utf8");
        if (text.length < 200_000) out.push({ path: p, text });
      }
    }
  };
  walk(builtinRulesDir, 400);
  walk(new URL("../engines/taint/corpus/", import.meta.url).pathname, 500);
  const nm = new URL("../../../node_modules/", import.meta.url).pathname;
  for (const pkg of ["fastify", "pino", "commander", "yaml", "zod", "kysely", "pg", "ioredis"]) walk(join(nm, pkg), out.length + 60);
  return out;
}

test("wherever a self-assignment rule matches, real or inserted into real code with spaces, comments and line breaks, the check says it may", async () => {
  ensureParsers();
  const rules = await selfAssignmentRules();
  let matched = 0;
  let cleared = 0;
  let inserted = 0;
  for (const f of files()) {
    const lang = detectLanguage(f.path, f.text.slice(0, 200));
    const config = lang && rules.get(lang);
    if (!lang || !config) continue;
    const root = parse(parserName(lang), f.text).root();
    const found = root.findAll(config).length;
    if (found) {
      matched++;
      assert.ok(maySelfAssign(f.text), `${f.path}: ${found} self-assignments, the check says none`);
    } else if (!maySelfAssign(f.text)) cleared++;
    // Each assignment's left side, assigned to itself in the forms below, appended to the file.
    const lefts = root
      .findAll({ rule: { kind: lang === "python" ? "assignment" : lang === "go" ? "assignment_statement" : "assignment_expression" } } as NapiConfig)
      .map((n) => n.field("left")?.text())
      .filter((t): t is string => !!t && t.length < 200)
      .slice(0, 3);
    for (const left of lefts) {
      const flat = left.replace(/\s+/g, " ");
      const end = lang === "python" ? "" : lang === "go" ? "" : ";";
      for (const line of [
        `${left} = ${left}${end}`,
        `${flat}=${left}${end}`,
        ...(lang === "python" ? [] : [`${left} = /* same */ ${flat}${end}`]),
        `${left} =\n  ${flat}${end} ${lang === "python" ? "#" : "//"} same`,
      ]) {
        const text = `${f.text}\n${wrap(lang, line)}\n`;
        const hits = parse(parserName(lang), text).root().findAll(config).length;
        if (hits <= found) continue; // not a self-assignment to the grammar (or not where it parses)
        inserted++;
        assert.ok(maySelfAssign(text), `${f.path}: inserted ${JSON.stringify(line)}, the check says none`);
      }
    }
  }
  assert.ok(matched >= 4, `${matched} files with self-assignments`);
  assert.ok(inserted > 100, `${inserted} inserted self-assignments checked`);
  assert.ok(cleared > 20, `${cleared} files cleared`);
});

/** A statement placed where the language allows it at the end of a file. */
function wrap(lang: string, line: string): string {
  if (lang === "go") return `func selfAssigned() {\n${line}\n}`;
  if (lang === "java") return `class SelfAssigned { void f() {\n${line}\n} }`;
  return line;
}
