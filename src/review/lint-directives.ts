// A match of a rule that ESLint also has (`no-self-assign`), on a line whose author silenced that ESLint rule
// (`// eslint-disable-line no-self-assign`, or `// eslint-disable-next-line no-self-assign` above it), is
// deliberate: the author saw the same check fire and kept the code (a getter and setter exercised by
// `a[0] = a[0]`, an inherited method copied onto the instance by `this.m = this.m`). Only the named rules count:
// a bare `eslint-disable-line` silences every ESLint rule and says nothing about this one.
import type { Rule } from "./rule-loader.ts";
import type { FileText } from "./text.ts";
import type { Finding } from "./types.ts";

const directive = /eslint-disable-(line|next-line)\s+([^*\n]*)/g;

/** The ESLint rule names disabled for each line of `source` (1-based), or null when it has no directive. */
function disabledByLine(source: string): Map<number, Set<string>> | null {
  if (!source.includes("eslint-disable-")) return null;
  const out = new Map<number, Set<string>>();
  let line = 1;
  let pos = 0;
  for (const m of source.matchAll(directive)) {
    for (let i = source.indexOf("\n", pos); i >= 0 && i < m.index; i = source.indexOf("\n", pos)) {
      line++;
      pos = i + 1;
    }
    const at = m[1] === "line" ? line : line + 1;
    // ESLint reads a description after ` -- `: `// eslint-disable-line no-self-assign -- runs the setter`.
    const names = m[2]!
      .split(/\s--\s|\s--$/)[0]!
      .split(/[\s,]+/)
      .filter((n) => /^[@\w/-]+$/.test(n));
    const set = out.get(at) ?? new Set<string>();
    for (const n of names) set.add(n);
    out.set(at, set);
  }
  return out;
}

const lintNames = new WeakMap<readonly Rule[], Map<string, string[]>>();

/** `findings` less the matches of rules with ESLint names whose line disables one of those names. */
export function dropLintSilenced(findings: Finding[], text: FileText, rules: readonly Rule[]): Finding[] {
  let named = lintNames.get(rules);
  if (!named) lintNames.set(rules, (named = new Map(rules.filter((r) => r.lint?.length).map((r) => [r.id, r.lint!]))));
  if (!named.size || !findings.some((f) => named.has(f.ruleId))) return findings;
  const disabled = disabledByLine(text.source);
  if (!disabled) return findings;
  return findings.filter((f) => {
    const names = named.get(f.ruleId);
    const off = names && disabled.get(f.location.startLine);
    return !(off && names.some((n) => off.has(n)));
  });
}
