// Small files matched together on one joined tree (fast/packed.ts): which files may join, in which runs;
// apart from the per-file analysis, which takes each file's outcome from here or matches it alone.
import type { Language } from "./languages.ts";
import type { LanguagePack } from "./engines/patterns.ts";
import { matchPacked } from "./fast/packed.ts";
import { liveRules, packableChars, runsOf } from "./fast/pack-runs.ts";
import type { PackedOutcome } from "./fast/packed.ts";
import { functionKinds } from "./engines/taint/index.ts";
import type { Prepared } from "./prepare-file.ts";

/** A file that may join others: its language, its rules and the prefilter terms of its text. */
type Joinable = Prepared & { lang: Language; pack: LanguagePack };

/** What joining needs of the review: the rules that could see another file, its budget, its tree count and counters. */
export interface JoinEnv {
  /** Per language, the indexes of rules that could see another file on a joined tree. */
  unpackable: ReadonlyMap<Language, number[]>;
  timeBudgetMs: number;
  parsed(chars: number): void;
  joined: { files: number; trees: number; alone: number };
}

/** The outcomes of files matched on joined trees, by their index in `prepared`; files alike in language and live rules join in runs (runsOf). */
export function matchJoined(env: JoinEnv, prepared: ReadonlyArray<Prepared | { outcome: unknown }>): Map<number, PackedOutcome> {
  const matched = new Map<number, PackedOutcome>();
  const groups = new Map<string, { index: number; p: Joinable }[]>();
  prepared.forEach((p, index) => {
    if ("outcome" in p || !p.pack || !p.lang || p.text.source.length > packableChars) return;
    const live = liveRules(p.pack, p.present);
    if (env.unpackable.get(p.lang)?.some((i) => live[i] === "1")) return;
    const key = `${p.lang}:${live}`;
    const group = groups.get(key) ?? [];
    group.push({ index, p: { ...p, lang: p.lang, pack: p.pack } });
    groups.set(key, group);
  });
  for (const group of groups.values()) {
    for (const part of runsOf(group, (x) => x.p.text.source.length)) {
      if (part.length < 2) continue;
      const first = part[0]!.p;
      const extra = part.some((x) => x.p.candidates?.length) ? functionKinds(first.lang) : undefined;
      const outs = matchPacked(
        first.pack,
        first.lang,
        part.map((x) => x.p),
        Date.now() + env.timeBudgetMs,
        (n) => env.parsed(n),
        extra,
      );
      env.joined.trees++;
      outs.forEach((o, k) => {
        if (o) matched.set(part[k]!.index, o);
        env.joined[o ? "files" : "alone"]++;
      });
    }
  }
  return matched;
}
