// Text-only parts of cross-file summaries (driver/cross-file-context.ts). A handler whose only sink lies in another
// file (a Spring controller calling a DAO) holds no candidate sink, so it is not walked and records
// nothing: its names are read from its text instead (`textNames`), and the review engine attaches
// the files they resolve to only when those hold a candidate sink (`mayHoldSink`, sink-reaching.ts). Analysed with
// them, the calls of their functions are points where something can be reported (`contextPoints`).
import { syntaxFor } from "../syntax/languages.ts";
import { importNames } from "../syntax/python-imports.ts";
import { jsFamily, jsReExports, jsRelativeImports } from "../syntax/js-modules.ts";
import type { ContextSource } from "./cross-file-context.ts";
import { reachingOf } from "./sink-reaching.ts";
import { fileRules } from "./file-rules.ts";
import { prefilterFor } from "../fast/prefilter.ts";
import { escapeRegExp as esc } from "../../../text.ts";

/**
 * A module path made absolute when relative to `path`'s package: syntax/python-imports.ts writes `from .db import
 * q` as `.db.q` and `from . import db` as `..db` (one name after the dots: one dot fewer).
 */
export function absoluteModule(q: string, path: string): string {
  if (!q.startsWith(".")) return q;
  const rest = q.replace(/^\.+/, "");
  const levels = q.length - rest.length - (rest.includes(".") ? 0 : 1);
  // Directories above the first that can be no package name (`my-app/`) are no part of module names.
  const dirs = path.split("/").slice(0, -1);
  while (dirs.some((d) => !/^[A-Za-z_]\w*$/.test(d))) dirs.shift();
  const base = dirs.slice(0, Math.max(0, dirs.length - (levels - 1)));
  return [...base, rest].filter(Boolean).join(".");
}

/** Names read from text are marked: they count only where they resolve to a file holding a candidate sink. */
export const textMark = "?";
const maxTextNames = 64;
// `new Helper(`, `Helper.run(`, `Helper helper;`, `Helper<T> h =`, a parameter `Helper h)`.
const javaUses = /\bnew\s+([A-Z][\w$]*)|\b([A-Z][\w$]*)\s*\.\s*[a-z_$][\w$]*\s*\(|\b([A-Z][\w$]*)(?:<[^<>;(){}]*>)?\s+[a-z_$][\w$]*\s*[;=,)]/g;

/** Library names (marked) of the classes or modules a Java, Python, JavaScript or TypeScript file's text uses. */
export function textNames(language: string, path: string, source: string): string[] {
  const out = new Set<string>();
  // A route that hands request data to an imported helper may hold no sink of its own, so its walk
  // records nothing (`res.json(findUser(req.query.id))`): the modules it imports are named by its text.
  // Only where a source other than library input may be (a library's own parameters reach other
  // modules' sinks through the calls its walk records).
  const syn = jsFamily(path) ? syntaxFor(language) : null;
  if (syn && prefilterFor(fileRules(syn, source)).knownSource(source))
    for (const b of jsRelativeImports(source, path).values()) if (out.size < maxTextNames) out.add(`${textMark}${b.module}`);
  if (language === "java") {
    for (const m of source.matchAll(javaUses)) {
      out.add(`${textMark}java:${m[1] ?? m[2] ?? m[3]}`);
      if (out.size >= maxTextNames) break;
    }
  } else if (language === "python") {
    for (const q of importNames(source).values()) {
      const abs = absoluteModule(q, path);
      out.add(`${textMark}python:${abs}`);
      if (abs.includes(".")) out.add(`${textMark}python:${abs.slice(0, abs.lastIndexOf("."))}`);
      if (out.size >= maxTextNames) break;
    }
  }
  return [...out];
}

/**
 * Offsets in `source` of calls of functions that context files holding a candidate sink declare:
 * Java by name on any receiver; Python through the names the file imports them or their module by
 * (`mod.f(`, `f(`, `pkg.mod.f(`; a method of an imported class on any receiver).
 */
export function contextPoints(language: string, source: string, context: readonly ContextSource[], path = ""): number[] {
  const loose = new Set<string>();
  const bound: string[] = [];
  const imports = language === "python" ? importNames(source) : null;
  for (const c of context) {
    const fns = reachingOf(language, c.source);
    if (!imports) {
      for (const f of fns) loose.add(f);
      // A barrel's other names for what it passes on (`export { archive as pack } from "./shell"`).
      for (const r of jsReExports(c.source, c.path)) if (r.names !== "all") for (const alias of r.names.keys()) loose.add(alias);
      continue;
    }
    if (!fns.length) continue;
    const alt = fns.map(esc).join("|");
    const mods = c.names.map((n) => n.slice(n.indexOf(":") + 1));
    for (const m of mods) bound.push(`${esc(m)}\\s*\\.\\s*(?:${alt})`);
    for (const [local, q] of imports) {
      const abs = absoluteModule(q, path);
      const name = abs.slice(abs.lastIndexOf(".") + 1);
      if (mods.includes(abs)) bound.push(`${esc(local)}\\s*\\.\\s*(?:${alt})`);
      else if (!mods.includes(abs.slice(0, Math.max(0, abs.lastIndexOf("."))))) continue;
      else if (fns.includes(name)) bound.push(esc(local));
      else if (/^[A-Z]/.test(name)) for (const f of fns) loose.add(f);
    }
  }
  const parts = [...(bound.length ? [`(?<![\\w$.])(?:${bound.join("|")})`] : []), ...(loose.size ? [`(?<![\\w$])(?:${[...loose].map(esc).join("|")})`] : [])];
  if (!parts.length) return [];
  const out: number[] = [];
  // TypeScript's CommonJS output calls an imported function as `(0, lib_1.pack)(x)`.
  const call = imports ? "\\s*\\(" : "\\s*\\)?\\s*\\(";
  const re = new RegExp(`(?:${parts.join("|")})${call}`, "g");
  for (let m = re.exec(source); m; m = re.exec(source)) out.push(m.index);
  return out;
}

const word = /[\w$]/;
const assigned = /^\s*=\s*(?:new\s+)?([A-Z][\w$]*)\s*[(<]/;
const typeBefore = /([A-Z][\w$]*)(?:<[^<>;=]*>)?\s+$/;

/** Every class `Helper h;`, `Helper<T> h =`, `h = new Helper(` or `h = Helper(` gives `name` in the text (by its mentions, not a scan). */
export function declaredAll(source: string, name: string): string[] {
  const out = new Set<string>();
  for (let i = source.indexOf(name); i >= 0 && name; i = source.indexOf(name, i + name.length)) {
    const end = i + name.length;
    if (word.test(source[i - 1] ?? "") || word.test(source[end] ?? "")) continue;
    const rest = source.slice(end, end + 120);
    const a = source[i - 1] !== "." ? assigned.exec(rest) : null;
    if (a) out.add(a[1]!);
    const b = /^\s*[=;,)]/.test(rest) ? typeBefore.exec(source.slice(Math.max(0, i - 120), i)) : null;
    if (b) out.add(b[1]!);
  }
  return [...out];
}
