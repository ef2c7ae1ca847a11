// The seam between the pattern rules and the taint engine for one file: which taint classes the
// selection keeps per language, and the file's pattern findings handed to taint to confirm, replace or drop.
import type { SgRoot } from "@ast-grep/napi";
import type { Finding } from "./types.ts";
import { declarationFile } from "./languages.ts";
import type { Language } from "./languages.ts";
import type { LanguagePack, MatchOutcome } from "./engines/patterns.ts";
import { refineWithTaint } from "./engines/taint/index.ts";
import type { TaintWindow } from "./engines/taint/fast/joined-window.ts";
import type { ContextSource } from "./engines/taint/driver/cross-file-context.ts";
import type { ContextTrees } from "./engines/taint/driver/context-trees.ts";
import { syntaxFor } from "./engines/taint/syntax/languages.ts";
import { classInfo, classTags, taintClasses } from "./engines/taint/syntax/classes.ts";
import { suitePath } from "./suite-paths.ts";
import type { FileText } from "./text.ts";
import { isSelected } from "./select.ts";
import type { Selection } from "./select.ts";

/** Calls into other files (taint/driver/cross-file-context.ts): the context, and what the walk learns of names. */
export interface CrossFile {
  context?: ContextSource[];
  contextPoints: number[];
  external: Set<string>;
  contextTrees?: ContextTrees;
  parsed: (n: number) => void;
}

export class TaintRefiner {
  private readonly selections: Selection[];
  private readonly classes = new Map<Language, Set<string>>();

  constructor(selections: Selection[]) {
    this.selections = selections;
  }

  /**
   * Taint classes whose findings are selected in a language: those with a selected pattern rule of
   * that class (how `--only injection` keeps them), and those a taint finding's own id, tags and CWE
   * select (every class when nothing narrows the selection, including classes without a pattern
   * rule such as trust-boundary).
   */
  classesFor(lang: Language, pack: LanguagePack): Set<string> {
    let set = this.classes.get(lang);
    if (set) return set;
    set = new Set(pack.rules.map((r) => r.taint).filter((c): c is string => !!c));
    const prefix = syntaxFor(lang)?.prefix;
    if (prefix) {
      for (const c of taintClasses) {
        const subject = { id: `${prefix}.taint.${c}`, tags: classTags(c), cwe: classInfo[c].cwe, language: lang };
        if (isSelected(subject, ...this.selections)) set.add(c);
      }
    }
    this.classes.set(lang, set);
    return set;
  }

  /** `window`: the file's part of the tree it was matched on with others (no syntax error in it). */
  refine(
    lang: Language,
    pack: LanguagePack,
    root: () => SgRoot,
    text: FileText,
    path: string,
    { findings, nodes, extra }: MatchOutcome,
    candidates: number[] | null,
    unwalked: number[] | undefined,
    window: TaintWindow | undefined,
    cross: CrossFile,
  ): Finding[] {
    const classes = this.classesFor(lang, pack);
    if (!classes.size) return findings;
    const taintRuleIds = new Set(pack.rules.filter((r) => r.taint).map((r) => r.id));
    const patternFindings = findings.filter((f) => taintRuleIds.has(f.ruleId));
    const rest = findings.filter((f) => !taintRuleIds.has(f.ruleId));
    // A test suite keeps no security finding (analyze-file.ts decides that, suite-paths.ts says why): its
    // taint walk would be thrown away, so it is not done.
    if (suitePath.test(path)) return rest;
    // Nor a declaration file: nothing in it runs, so no data reaches a sink there.
    if (declarationFile.test(path)) return rest;
    // A joined file holds no syntax error (packed.ts hands such files back); a file of its own may.
    const parseErrors = !window;
    const patternNodes = patternFindings.map((f) => nodes.get(f));
    const refined = refineWithTaint({
      path,
      language: lang,
      root,
      source: text.source,
      patternFindings,
      patternNodes,
      parseErrors,
      window,
      funcs: extra,
      candidates: unwalked && patternFindings.length ? unwalked : candidates,
      ...cross,
    });
    const kept = refined.filter((f) => f.engine !== "taint" || f.tags.some((t) => classes.has(t.replace(/^taint:/, ""))));
    return [...rest, ...kept];
  }
}
