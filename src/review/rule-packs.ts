// The selected rules compiled per language (packs, fast/pack-cache.ts), each built when the first file
// of its language comes, with what the rest of the analysis asks of a pack: which of its rules keep
// a file off a joined tree (fast/pack-runs.ts), which are judged by the ReDoS engine.
import { parse } from "@ast-grep/napi";
import type { Rule } from "./rule-loader.ts";
import { languages, parserName } from "./languages.ts";
import type { Language } from "./languages.ts";
import type { LanguagePack } from "./engines/patterns.ts";
import { packOf, rulesDigest } from "./fast/pack-cache.ts";
import { packSafe } from "./fast/pack-runs.ts";

export class RulePacks {
  private readonly selected: Rule[];
  private readonly packs = new Map<Language, LanguagePack>();
  /** The selected rules' content digest (fast/pack-cache.ts), computed when the first pack is asked for. */
  private digest: string | undefined;
  /**
   * Per language, the indexes of rules that could see another file on a joined tree (pack-runs.ts): a
   * file that one of them may match is analysed alone, the others of its language are joined.
   */
  readonly unpackable = new Map<Language, number[]>();
  private readonly redosChecked = new Map<LanguagePack, Set<string>>();

  constructor(selected: Rule[]) {
    this.selected = selected;
  }

  /**
   * A language's pack, built on first use: compiling every language's rules cost more than
   * analysing a small repository, most of which use one or two languages.
   */
  packFor(lang: Language): LanguagePack | undefined {
    let pack = this.packs.get(lang);
    if (pack || !languages.includes(lang)) return pack;
    this.digest ??= rulesDigest(this.selected);
    pack = packOf(this.selected, this.digest, lang);
    this.packs.set(lang, pack);
    const rootKind = String(parse(parserName(lang), "").root().kind());
    this.unpackable.set(
      lang,
      pack.rules.flatMap((r, i) => (packSafe([r.config], rootKind) ? [] : [i])),
    );
    return pack;
  }

  /** Ids of the pack's rules whose matches recheck judges (engines/redos.ts). */
  redosRules(pack: LanguagePack): Set<string> {
    let ids = this.redosChecked.get(pack);
    if (!ids) this.redosChecked.set(pack, (ids = new Set(pack.rules.filter((r) => r.check === "redos").map((r) => r.id))));
    return ids;
  }
}
