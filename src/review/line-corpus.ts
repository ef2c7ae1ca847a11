// Line-level evaluation of the whole review (pattern, secret and taint findings together), the way
// a held-out corpus is scored through `crs review --sarif`: a labelled line is found (vuln) or
// flagged (safe) when any finding starts on it, whichever rule reported it. Files: the labelled
// corpus under review/corpus/<language>/ (pattern-rule classes: crypto, random, secrets, ...) and
// the taint corpus (engines/taint/corpus/<language>/); markers as in the taint corpus README.
import { readdir, readFile } from "node:fs/promises";
import { reviewFiles } from "./index.ts";

export interface LineCase {
  file: string;
  line: number;
  cls: string;
  expected: "vuln" | "safe" | "none";
  /** Rule ids of the findings starting on this line. */
  rules: string[];
  note: string;
}

export interface LineRow {
  language: string;
  cls: string;
  vulnerable: number;
  found: number;
  safe: number;
  flagged: number;
  unmarked: number;
}

const dirs = [new URL("./corpus/", import.meta.url), new URL("./engines/taint/corpus/", import.meta.url)];
const marker = /(?:\/\/|#|\/\*)\s*(vuln|safe):\s*([a-z-]+)\s*(.*?)\s*(?:\*\/\}?)?$/;

async function filesOf(language: string): Promise<{ path: string; content: Buffer }[]> {
  const out: { path: string; content: Buffer }[] = [];
  for (const dir of dirs) {
    const sub = new URL(`${language}/`, dir);
    for (const f of (await readdir(sub).catch(() => [] as string[])).sort()) {
      out.push({ path: new URL(f, sub).pathname.split("/src/review/")[1]!, content: await readFile(new URL(f, sub)) });
    }
  }
  return out;
}

/** Every labelled line of one language's corpora, plus lines with findings that carry no label. */
export async function evaluateLineCases(language: string): Promise<LineCase[]> {
  const files = await filesOf(language);
  const res = await reviewFiles({
    files: (async function* () {
      yield* files;
    })(),
    taint: true,
  });
  const byLine = new Map<string, string[]>();
  for (const f of res.findings) {
    const key = `${f.location.path}:${f.location.startLine}`;
    byLine.set(key, [...(byLine.get(key) ?? []), f.ruleId]);
  }
  const out: LineCase[] = [];
  for (const { path, content } of files) {
    const seen = new Set<number>();
    content
      .toString("utf8")
      .split("\n")
      .forEach((text, i) => {
        const m = marker.exec(text);
        if (!m) return;
        seen.add(i + 1);
        out.push({ file: path, line: i + 1, cls: m[2]!, expected: m[1] as "vuln" | "safe", rules: byLine.get(`${path}:${i + 1}`) ?? [], note: m[3] ?? "" });
      });
    for (const [key, rules] of byLine) {
      const at = key.lastIndexOf(":");
      const line = Number(key.slice(at + 1));
      if (key.slice(0, at) === path && !seen.has(line)) out.push({ file: path, line, cls: "unmarked", expected: "none", rules, note: "" });
    }
  }
  return out;
}

/** found% and flagged% per class; "unmarked" counts lines with findings but no label. */
export function lineRows(language: string, cases: LineCase[]): LineRow[] {
  const rows = new Map<string, LineRow>();
  for (const c of cases) {
    const r = rows.get(c.cls) ?? { language, cls: c.cls, vulnerable: 0, found: 0, safe: 0, flagged: 0, unmarked: 0 };
    if (c.expected === "vuln") {
      r.vulnerable++;
      if (c.rules.length) r.found++;
    } else if (c.expected === "safe") {
      r.safe++;
      if (c.rules.length) r.flagged++;
    } else r.unmarked++;
    rows.set(c.cls, r);
  }
  return [...rows.values()].sort((a, b) => a.cls.localeCompare(b.cls));
}
