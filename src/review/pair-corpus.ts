// Vulnerable/fixed pairs of our own (review/corpus/pairs/<js|python>/<case>/{vulnerable,fixed}/), scored the
// way the blind proxy set is: found at the weak point, still reported after the fix, and findings per fixed
// tree (noise, every confidence). A case with only fixed/ is a safe look-alike. Each tree is reviewed alone,
// as `crs review <tree>` would, so names in one case never meet another's. Markers are the line corpus's:
// `vuln: <class>` on the weak line, `safe: <class> <why>` on its place in the fixed twin.
import { readdir, readFile } from "node:fs/promises";
import { classInfo, type TaintClass } from "./engines/taint/syntax/classes.ts";
import { reviewFiles } from "./index.ts";
import type { Finding } from "./types.ts";

const root = new URL("./corpus/pairs/", import.meta.url);
const marker = /(?:\/\/|#)\s*(vuln|safe):\s*([a-z-]+)\s*(.*?)\s*$/;
const otherCwes: Record<string, number[]> = { "prototype-pollution": [1321, 915], redos: [1333, 1730] };

interface Mark {
  file: string;
  line: number;
  cls: string;
}

export interface TreeResult {
  findings: Finding[];
  marks: Mark[];
}

export interface PairOutcome {
  id: string;
  language: string;
  cls: string;
  /** No vulnerable/: a safe look-alike, counted for noise only. */
  lookalike: boolean;
  found: boolean;
  still: boolean;
  vulnerable?: TreeResult;
  fixed: TreeResult;
}

async function filesUnder(dir: URL, prefix = ""): Promise<{ path: string; content: Buffer }[]> {
  const out: { path: string; content: Buffer }[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) return out;
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) out.push(...(await filesUnder(new URL(`${e.name}/`, dir), `${prefix}${e.name}/`)));
    else out.push({ path: `${prefix}${e.name}`, content: await readFile(new URL(e.name, dir)) });
  }
  return out;
}

async function reviewTree(dir: URL): Promise<TreeResult | undefined> {
  const files = await filesUnder(dir);
  if (!files.length) return undefined;
  const marks: Mark[] = [];
  for (const f of files)
    f.content
      .toString("utf8")
      .split("\n")
      .forEach((text, i) => {
        const m = marker.exec(text);
        if (m) marks.push({ file: f.path, line: i + 1, cls: m[2]! });
      });
  const res = await reviewFiles({
    files: (async function* () {
      yield* files;
    })(),
    taint: true,
  });
  return { findings: res.findings, marks };
}

/** A finding of the class (CWE, rule id or tag) whose location or a flow step is within 3 lines of the mark. */
function hits(f: Finding, m: Mark): boolean {
  const cwes = classInfo[m.cls as TaintClass]?.cwe ?? otherCwes[m.cls] ?? [];
  const named = new RegExp(`(^|[^a-z])${m.cls}($|[^a-z])`);
  const ofClass = f.cwe.some((n) => cwes.includes(n)) || [f.ruleId, ...f.tags].some((n) => named.test(n.toLowerCase()));
  const near = (l: { path: string; startLine: number }) => l.path === m.file && Math.abs(l.startLine - m.line) <= 3;
  return ofClass && (near(f.location) || (f.flow ?? []).some(near));
}

export async function evaluatePairs(filter?: (id: string) => boolean): Promise<PairOutcome[]> {
  const out: PairOutcome[] = [];
  for (const language of ["js", "python"]) {
    const langDir = new URL(`${language}/`, root);
    const ids = (await readdir(langDir).catch(() => [] as string[])).sort();
    for (const id of ids) {
      if (filter && !filter(`${language}/${id}`)) continue;
      const caseDir = new URL(`${id}/`, langDir);
      const vulnerable = await reviewTree(new URL("vulnerable/", caseDir));
      const fixed = await reviewTree(new URL("fixed/", caseDir));
      if (!fixed) throw new Error(`pairs/${language}/${id}: no fixed/ tree`);
      const vMarks = vulnerable?.marks ?? [];
      const cls = (vMarks[0] ?? fixed.marks[0])?.cls ?? "unknown";
      const found = !!vulnerable && vMarks.length > 0 && vMarks.every((m) => vulnerable.findings.some((f) => hits(f, m)));
      const still = found && fixed.marks.some((m) => fixed.findings.some((f) => hits(f, m)));
      out.push({ id: `${language}/${id}`, language, cls, lookalike: !vulnerable, found, still, vulnerable, fixed });
    }
  }
  return out;
}
