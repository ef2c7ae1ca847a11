// One weakness, one finding (per repository): packages commit the same code more than once (a source
// file and its built copies: CommonJS and ES module builds, browser bundles, versioned build folders).
// A finding of one rule on the same code in a source file and its built copies is one weakness: the
// copy in the source tree stays, the built ones become its related locations. "The same code" is a line of some length, or a
// whole taint flow, equal after whitespace: short lines (`s.replace(/\s+$/, "")`) recur in unrelated
// files and stay apart.
import type { Finding } from "./types.ts";
import { patternLead } from "./engines/redos.ts";

const minChars = 40;
/** Folders that hold built output rather than the code a maintainer edits. */
// (`web/` is not one: it is a common source package, `app/web/` in Java servlet trees.)
const builtDir = /(?:^|\/)(?:dist|build|builds|out|bundles?|browser|umd|esm|cjs|es|min)\//;
const squash = (s: string | undefined): string => (s ?? "").replace(/\s+/g, "");

/**
 * A regular expression's own text on its line: a bundler rewrites the line around it (`var` for `const`,
 * a call split over lines) but copies the pattern as written. The shortest (`/\s+$/`) recur in unrelated code.
 */
const minPatternChars = 8;
function patternText(f: Finding, min = minPatternChars): string | null {
  const { startLine, endLine, startColumn, endColumn, snippet } = f.location;
  if (!f.tags?.includes("redos") || startLine !== endLine || !snippet) return null;
  let text = snippet.split("\n")[0]!.slice(startColumn - 1, endColumn - 1);
  // A minified bundle's line is cut in the snippet: the judge's description names the pattern.
  if (text.length < endColumn - startColumn) text = pattern(f.description) ?? "";
  return text.length >= min ? text : null;
}
const pattern = (description: string): string | null => {
  const at = description.lastIndexOf(patternLead);
  return at < 0 ? null : (/^`([^`]*)`/.exec(description.slice(at + patternLead.length))?.[1] ?? null);
};

function sameCode(f: Finding): string | null {
  const pattern = patternText(f);
  if (pattern) return `${f.ruleId}\n${pattern}`;
  const sink = squash(f.location.snippet);
  const flow = f.flow?.length ? f.flow.map((l) => squash(l.snippet)).join("\n") : "";
  if (flow && (f.flow?.length ?? 0) >= 3) return `${f.ruleId}\n${flow}`;
  return sink.length >= minChars ? `${f.ruleId}\n${sink}\n${flow}` : null;
}

/** `path.mjs` beside `path.js`: a file's stem and folder. */
const stem = (p: string): string => p.replace(/\.[^./]+$/, "");

/**
 * A file that is a built copy of `source`: in a built folder, or the same name beside it with another
 * extension. Copy-pasted code elsewhere is another place to fix, and stays a finding of its own.
 */
function builtCopy(path: string, source: string): boolean {
  return builtDir.test(path) || stem(path) === stem(source);
}

/** Sources first (outside built folders), then the shallower path, then the shorter one. */
function rank(path: string): [number, number, number] {
  return [builtDir.test(path) ? 1 : 0, path.split("/").length, path.length];
}

function better(a: string, b: string): boolean {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return a < b;
}

/** Groups of findings by `key` (findings without one stay out). */
function groupBy(findings: Finding[], key: (f: Finding) => string | null): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const k = key(f);
    if (k) groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  return [...groups.values()];
}

/** Each kept finding with its copies as related locations (`message` says why); the copies leave the list. */
function fold(findings: Finding[], folds: { keep: Finding; copies: Finding[] }[], message: string): Finding[] {
  if (!folds.length) return findings;
  const folded = new Set(folds.flatMap((x) => x.copies));
  const kept = new Map(
    folds.map(({ keep, copies }) => [keep, { ...keep, relatedLocations: [...keep.relatedLocations, ...copies.map((c) => ({ ...c.location, message }))] }]),
  );
  return findings.filter((f) => !folded.has(f)).map((f) => kept.get(f) ?? f);
}

/**
 * One pattern written again in the same file (`value.replace(/[^\n]+$/, "")` in four methods) is one
 * weakness with one fix: the first use stays, the others become its related locations.
 */
function foldRepeatedPatterns(findings: Finding[]): Finding[] {
  // In one file even the shortest pattern (`/ *; */`) written again is the same one.
  const groups = groupBy(findings, (f) => {
    const pattern = patternText(f, 1);
    return pattern && `${f.ruleId}\n${f.location.path}\n${pattern}`;
  });
  const folds = groups
    .filter((g) => g.length > 1)
    .map((g) => {
      const [keep, ...copies] = g.sort((a, b) => a.location.startLine - b.location.startLine || a.location.startColumn - b.location.startColumn);
      return { keep: keep!, copies };
    });
  return fold(findings, folds, "the same pattern again in this file");
}

/** The findings with copies of one finding in other files folded into the one in the source tree. */
export function foldCopies(all: Finding[]): Finding[] {
  const findings = foldRepeatedPatterns(all);
  const folds: { keep: Finding; copies: Finding[] }[] = [];
  for (const group of groupBy(findings, sameCode)) {
    if (new Set(group.map((f) => f.location.path)).size < 2) continue;
    let keep = group[0]!;
    for (const f of group) if (better(f.location.path, keep.location.path)) keep = f;
    const copies = group.filter((f) => f.location.path !== keep.location.path && builtCopy(f.location.path, keep.location.path));
    if (copies.length) folds.push({ keep, copies });
  }
  return fold(findings, folds, "the same code in another file");
}
