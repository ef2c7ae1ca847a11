// Names a Python file binds by importing: `import random as rnd`, `from flask import redirect as r`,
// `from random import randint`. Rules name callees by their module (`flask.redirect`,
// `random.randint`); a file that imports them under other names gets a copy of the rules with its
// local names added, so `r(url)` is the sink `flask.redirect` and `rnd.random()` the source.
import { CallTable } from "./rule-specs.ts";
import type { CompiledRules } from "./rule-specs.ts";

const importLine = /^[ \t]*import[ \t]+([^\n#;]+)/gm;
const fromLine = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)/gm;
const aliased = /^([\w.]+)\s+as\s+(\w+)$/;
const plain = /^(\w+)(?:\s+as\s+(\w+))?$/;

/** Local name to qualified name, for the imports that give a module or a name another name. */
export function importNames(source: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!source.includes("import")) return out;
  for (const m of source.matchAll(importLine)) {
    for (const part of m[1]!.split(",")) {
      const a = aliased.exec(part.trim());
      if (a && a[1] !== a[2]) out.set(a[2]!, a[1]!);
    }
  }
  for (const m of source.matchAll(fromLine)) {
    for (const part of m[2]!.replace(/[()\\]/g, " ").split(",")) {
      const a = plain.exec(part.trim());
      if (a) out.set(a[2] ?? a[1]!, `${m[1]}.${a[1]}`);
    }
  }
  return out;
}

type Tables = Pick<CompiledRules, "sinks" | "sourceCalls" | "sanitizers" | "guards">;
const tableKeys: (keyof Tables)[] = ["sinks", "sourceCalls", "sanitizers", "guards"];
const copies = new WeakMap<CompiledRules, Map<string, CompiledRules>>();

const roots = new WeakMap<CompiledRules, Set<string>>();

/** First segments of the rules' exact callee entries (`fs` of `fs.readFile`, `flask` of `flask.redirect`). */
export function rootsOf(rules: CompiledRules): Set<string> {
  let r = roots.get(rules);
  if (!r) {
    r = new Set(tableKeys.flatMap((t) => [...rules[t].exact.keys()].map((k) => k.split(".")[0]!)));
    roots.set(rules, r);
  }
  return r;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The rules with the file's local names of listed callees added; the rules themselves when there are none. */
export function withImportNames(rules: CompiledRules, source: string, names = importNames(source)): CompiledRules {
  if (!names.size) return rules;
  const added: [keyof Tables, string, string][] = [];
  const known = rootsOf(rules);
  for (const [local, qualified] of names) {
    // Most imports name modules no rule lists: skip them before looking at every entry.
    if (!known.has(qualified.split(".")[0]!)) continue;
    for (const t of tableKeys) {
      for (const key of rules[t].exact.keys()) {
        // `new Function(…)` through `ctor = Function; new ctor(…)`.
        const made = key.startsWith("new ") ? 4 : 0;
        const named = key.slice(made);
        // A member of it, or a method of its instance (`httpx.AsyncClient().get` through `from httpx import AsyncClient`).
        if (named !== qualified && !named.startsWith(`${qualified}.`) && !named.startsWith(`${qualified}().`)) continue;
        const alias = key.slice(0, made) + local + named.slice(qualified.length);
        // The local name of a module or member is that module's, even where a rule lists the same word for
        // another library (`const sanitize = require("sanitize-filename")` beside mongo-sanitize's `sanitize`).
        // Only where the word means something else: a copy of the rules costs each file that needs one its regexes.
        const mine = rules[t].exact.get(alias);
        if (!mine || (named === qualified && !sameList(mine, rules[t].exact.get(key)!))) added.push([t, alias, key]);
      }
    }
  }
  const paths = pathAliases(rules, names);
  if (!added.length && !paths.length) return rules;
  // Files that import alike share one copy: its regexes (prefilter, relevance) are built once.
  const sig = [...added.map((a) => a.join("\0")), ...paths.map((p) => `path\0${p.prefix}\0${p.spec.id}`)].join("\n");
  let byFile = copies.get(rules);
  if (!byFile) copies.set(rules, (byFile = new Map()));
  let copy = byFile.get(sig);
  if (!copy) {
    copy = { ...rules };
    for (const t of tableKeys) {
      if (!added.some((a) => a[0] === t)) continue;
      const table = new CallTable<never>();
      for (const [k, v] of rules[t].exact) table.exact.set(k, v as never[]);
      for (const [k, v] of rules[t].suffix) table.suffix.set(k, v as never);
      (copy as Record<keyof Tables, unknown>)[t] = table;
    }
    for (const [t, alias, key] of added) (copy[t] as CallTable<unknown>).exact.set(alias, rules[t].exact.get(key)!);
    if (paths.length) {
      copy.paths = [...rules.paths, ...paths];
      copy.pathRoots = new Set([...rules.pathRoots, ...paths.map((p) => p.prefix.split(".")[0]!)]);
    }
    if (byFile.size < 64) byFile.set(sig, copy);
  }
  return copy;
}

/**
 * Source paths under the file's names for them: `from flask import request as req` makes `req.args` Flask's
 * `request.args` (a path the rules name by the member alone), `from sys import argv` makes `argv` `sys.argv`.
 */
function pathAliases(rules: CompiledRules, names: ReadonlyMap<string, string>): CompiledRules["paths"] {
  const out: CompiledRules["paths"] = [];
  if (!rules.paths.length) return out;
  for (const [local, qualified] of names) {
    const member = qualified.slice(qualified.lastIndexOf(".") + 1);
    for (const p of rules.paths) {
      const under = (base: string): boolean => p.prefix === base || p.prefix.startsWith(`${base}.`);
      const base = under(qualified) ? qualified : under(member) ? member : null;
      if (base && local !== base) out.push({ prefix: local + p.prefix.slice(base.length), spec: p.spec });
    }
  }
  return out;
}
