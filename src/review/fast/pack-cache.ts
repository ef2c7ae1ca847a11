// Compiled language packs kept for the life of the process. A server's review threads run review after
// review with the same rules, each review a new FileAnalyzer holding its own copy of them (sent in a
// message), and compiling one language's pack (its rules checked against the grammar, their alternatives
// split, the term scanner built) costs tens of milliseconds (measured: JavaScript 40-75, TypeScript 60-190,
// Python about 20, Java under 15), per thread and per review: a large part of a small change review. Keyed
// by the language and a digest of the selected rules' whole content, so a custom rule edited between two
// reviews makes a new entry, never a stale answer.
import { createHash } from "node:crypto";
import type { Language } from "../languages.ts";
import type { Rule } from "../rule-loader.ts";
import { buildPacks } from "../engines/patterns.ts";
import type { LanguagePack } from "../engines/patterns.ts";

/** A few rule selections by a few languages: the entries of the reviews one process serves. */
const maxKept = 16;
const kept = new Map<string, LanguagePack>();

/** The digest of a rule selection's content, to pass to packOf for each language it is asked for. */
export function rulesDigest(rules: readonly Rule[]): string {
  return createHash("sha256").update(JSON.stringify(rules)).digest("base64");
}

/** A language's pack of these rules (empty when none applies), compiled once per process. */
export function packOf(rules: Rule[], digest: string, lang: Language): LanguagePack {
  const key = `${lang}:${digest}`;
  let pack = kept.get(key);
  if (pack) kept.delete(key);
  else {
    // buildPacks gives every language it is asked for a pack.
    pack = buildPacks(rules, [lang]).get(lang)!;
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
  }
  // Most recently used last: the oldest entry is the one dropped.
  kept.set(key, pack);
  return pack;
}
