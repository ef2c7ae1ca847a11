// Scores the taint engine on the labeled corpus (corpus/README.md describes the line markers).
import { readdir, readFile } from "node:fs/promises";
import { analyzeSource } from "./run.ts";

export interface TaintEvalRow {
  language: string;
  injectionClass: string;
  vulnerable: number;
  detected: number;
  safe: number;
  falsePositives: number;
}

export interface CaseResult {
  language: string;
  file: string;
  line: number;
  injectionClass: string;
  expected: "vuln" | "safe" | "none";
  /** True when the outcome matches the label (found for vuln, not found for safe or unmarked). */
  ok: boolean;
  note: string;
}

const corpusDir = new URL("./corpus/", import.meta.url);
const marker = /(?:\/\/|#|\/\*)\s*(vuln|safe):\s*([a-z-]+)\s*(.*?)\s*(?:\*\/\}?)?$/;

/** Every marked line of the corpus with its outcome, plus findings on unmarked lines (expected "none"). */
export async function evaluateCorpusCases(): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  const languages = (await readdir(corpusDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const language of languages) {
    const files = (await readdir(new URL(`${language}/`, corpusDir))).sort();
    for (const file of files) {
      const source = await readFile(new URL(`${language}/${file}`, corpusDir), "utf8");
      const parseAs = file.endsWith(".tsx") ? "tsx" : language;
      const findings = analyzeSource(parseAs, `corpus/${language}/${file}`, source);
      const classOf = (f: { ruleId: string }): string => f.ruleId.split(".")[2] ?? "";
      const found = new Set(findings.map((f) => `${f.location.startLine}:${classOf(f)}`));
      const marked = new Set<string>();
      source.split("\n").forEach((text, i) => {
        const m = marker.exec(text);
        if (!m) return;
        const [, kind, cls, note] = m;
        const key = `${i + 1}:${cls}`;
        marked.add(key);
        const hit = found.has(key);
        out.push({ language, file, line: i + 1, injectionClass: cls!, expected: kind as "vuln" | "safe", ok: kind === "vuln" ? hit : !hit, note: note ?? "" });
      });
      for (const f of findings) {
        const key = `${f.location.startLine}:${classOf(f)}`;
        if (marked.has(key)) continue;
        out.push({ language, file, line: f.location.startLine, injectionClass: classOf(f), expected: "none", ok: false, note: `unexpected ${f.ruleId}` });
      }
    }
  }
  return out;
}

/** Recall and false positives per language and class; findings on unmarked lines count as false positives. */
export async function evaluateTaintCorpus(): Promise<TaintEvalRow[]> {
  const rows = new Map<string, TaintEvalRow>();
  for (const c of await evaluateCorpusCases()) {
    const key = `${c.language}\0${c.injectionClass}`;
    let row = rows.get(key);
    if (!row) {
      row = { language: c.language, injectionClass: c.injectionClass, vulnerable: 0, detected: 0, safe: 0, falsePositives: 0 };
      rows.set(key, row);
    }
    if (c.expected === "vuln") {
      row.vulnerable++;
      if (c.ok) row.detected++;
    } else {
      if (c.expected === "safe") row.safe++;
      if (!c.ok) row.falsePositives++;
    }
  }
  return [...rows.values()].sort((a, b) => a.language.localeCompare(b.language) || a.injectionClass.localeCompare(b.injectionClass));
}
