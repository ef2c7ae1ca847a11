// Prototype pollution (CWE-1321) in merge, extend and set-by-path utilities (JavaScript, TypeScript):
// a computed write `t[key] = …`, or a merge into `t[key]`, where `key` is one of the source object's
// own keys (`for…in`, `Object.keys/entries`) or a part of a path string (`path.split(".")`), in a
// function that descends into what it writes (a nested write, a call given `t[key]`, a
// `cur = cur[key]` walk). `__proto__` is an own key of `JSON.parse` output, so a `hasOwnProperty`
// check on the source does not help: only a guard naming `__proto__` and `constructor` or `prototype` (a
// comparison, an `includes`/`has` on a list of them, a helper or constant holding them) makes it safe, or
// an own-key check on the target (`hasOwn(target, key)`): then the walk never enters an inherited object,
// or `key in Object.prototype` (true for every inherited name). A write done only for listed literal keys, or
// into an element at a loop counter (prototype-pollution-keys.ts), reaches no shared prototype.
// Keys of the target itself (`for (k in t) t[k] = f(t[k])`) are no source's keys: they only rewrite it.
import type { SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";
import type { Rule } from "../rule-loader.ts";
import type { FileText } from "../text.ts";
import { fingerprint } from "../fingerprint.ts";
import { allowListed, descendsIntoObjectsOnly, nullPrototypeFields } from "./prototype-pollution-keys.ts";
import { walksIntoObjectsOnly } from "./prototype-pollution-walks.ts";
import { anyWord, frozenPrototype, guardNames, guardText, namedKeyListCheck, protoLiteral } from "./prototype-pollution-guards.ts";
import { keyNames } from "./prototype-pollution-key-names.ts";
import { keyWriters, writerCalls } from "./prototype-pollution-writers.ts";
import { outerFunction, pollutingSite } from "./prototype-pollution-writes.ts";

/**
 * What a file's text must hold for the analysis to look at its tree. What comes before the `[` is a
 * lookbehind: the search tries only the brackets, not every word character (same answers, 3-5x faster).
 */
const computedWrite = /(?<=[\w$\])]\s*)\[\s*[\w$.[\]]+\s*\]\s*(=[^=]|\|\|=|\?\?=)/;
const keySource = new RegExp(
  String.raw`\bfor\s*\([^)]*\bin\b|Object\.(keys|entries|getOwnPropertyNames)\s*\(|[sS]plit(?:Path|Keys?)?\s*\(|` +
    String.raw`(?:to|cast|parse|stringTo|normalize)Path\s*\(|Path(?:Segments|Parts|Keys)\s*\(|\.path\s*\(|\bfor(?:In|Own)\s*\(`,
);

/** Whether the text may hold what the analysis reports (cheap, before any tree is needed). */
export function mayPollute(source: string): boolean {
  return computedWrite.test(source) && keySource.test(source);
}

/** Findings of `rule` for the merge and set-by-path functions of a JavaScript or TypeScript tree. */
export function scanPrototypePollution(root: SgRoot, text: FileText, path: string, rule: Rule): Finding[] {
  if (frozenPrototype.test(text.source)) return [];
  const top = root.root();
  // Read from the top level when a function first needs them: many files have no write inside a function.
  let guardWord: RegExp | null | undefined;
  const guarded = (body: string): boolean => {
    if (guardWord === undefined) {
      const guards = guardNames(top, text.source);
      guardWord = guards.length ? anyWord(guards) : null;
    }
    return guardWord?.test(body) ?? false;
  };
  const done = new Set<string>();
  const nullProto = nullPrototypeFields(text.source);
  const out: Finding[] = [];
  const seen = new Map<string, number>();
  const reported = new Set<number>();
  const writes = top.findAll({ rule: { kind: "assignment_expression", has: { field: "left", kind: "subscript_expression" } } });
  const writers = keyWriters(top, writes);
  for (const write of [...writes, ...writerCalls(top, writers).map((w) => w.call)]) {
    const fn = outerFunction(write);
    if (!fn) continue;
    const fnKey = `${fn.range().start.index}`;
    if (done.has(fnKey)) continue;
    done.add(fnKey);
    const body = fn.text();
    if (guardText(body) || guarded(body) || namedKeyListCheck(body, text.source) || /Object\.create\(\s*null\s*\)/.test(body)) continue;
    if (protoLiteral.test(body) && (descendsIntoObjectsOnly(fn, top) || walksIntoObjectsOnly(fn))) continue;
    const { keys, splitVars, ofObject, handedKey, scopes } = keyNames(fn, body, text.source);
    if (!keys.size && !splitVars.size) continue;
    const splitIndexed = splitVars.size ? new RegExp(`^(${[...splitVars].map((v) => v.replace(/\$/g, "\\$")).join("|")})$`) : null;
    const hit = pollutingSite(fn, keys, splitIndexed, ofObject, handedKey, scopes, nullProto, writers);
    // A function nested in a callback (a module factory's methods) is met again from the outer one.
    if (!hit || reported.has(hit.range().start.index) || allowListed(hit, fn)) continue;
    reported.add(hit.range().start.index);
    const r = hit.range();
    const code = hit.text();
    const norm = code.replace(/\s+/g, "");
    const n = seen.get(norm) ?? 0;
    seen.set(norm, n + 1);
    out.push({
      ruleId: rule.id,
      title: rule.title,
      description: rule.description,
      severity: rule.severity,
      cwe: rule.cwe,
      confidence: rule.confidence,
      tags: rule.tags,
      location: text.location(path, r.start.line, r.start.column, r.end.line, r.end.column),
      relatedLocations: [],
      fingerprint: fingerprint(rule.id, path, code, n ? String(n) : ""),
      engine: "pattern",
    });
  }
  return out;
}
