// Rule examples: files under rules/<language>/examples/ whose lines carry markers in a comment:
// `expect: <rule id>[, <rule id>]` (the rule must report a finding starting on this line) and
// `ok: <rule id>` (a negative case: it must not). Any other finding counts as a false positive.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { builtinRulesDir, loadRules } from "./rule-loader.ts";
import type { RuleSet } from "./rule-loader.ts";
import { reviewFiles } from "./index.ts";
import { secretRules } from "./engines/secrets.ts";

export interface ExampleCase {
  file: string;
  line: number;
  ruleId: string;
  kind: "expect" | "ok" | "unexpected";
  /** Outcome matches the label (found for expect; not found for ok; never for unexpected). */
  ok: boolean;
}

export interface RuleScore {
  language: string;
  ruleId: string;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

const marker = /(?:\/\/|#|\/\*|<!--)\s*(expect|ok):\s*([a-z0-9.,\s-]+)/g;

async function exampleFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const lang of (await readdir(builtinRulesDir)).sort()) {
    const dir = join(builtinRulesDir, lang, "examples");
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files.sort()) out.push(`${lang}/examples/${f}`);
  }
  return out;
}

export async function evaluateExamples(rules?: RuleSet): Promise<{ cases: ExampleCase[]; scores: RuleScore[]; untested: string[] }> {
  const set = rules ?? (await loadRules());
  const cases: ExampleCase[] = [];
  for (const rel of await exampleFiles()) {
    const content = await readFile(join(builtinRulesDir, rel));
    const res = await reviewFiles({
      files: (async function* () {
        yield { path: rel, content };
      })(),
      rules: set,
      taint: false,
    });
    const found = new Set(res.findings.map((f) => `${f.location.startLine}\0${f.ruleId}`));
    const labelled = new Set<string>();
    content
      .toString("utf8")
      .split("\n")
      .forEach((text, i) => {
        for (const m of text.matchAll(marker)) {
          for (const id of m[2]!
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)) {
            const key = `${i + 1}\0${id}`;
            labelled.add(key);
            cases.push({ file: rel, line: i + 1, ruleId: id, kind: m[1] as "expect" | "ok", ok: m[1] === "expect" ? found.has(key) : !found.has(key) });
          }
        }
      });
    for (const f of res.findings) {
      const key = `${f.location.startLine}\0${f.ruleId}`;
      if (!labelled.has(key)) cases.push({ file: rel, line: f.location.startLine, ruleId: f.ruleId, kind: "unexpected", ok: false });
    }
  }
  const scores = new Map<string, RuleScore>();
  const ids = [...set.rules.map((r) => [r.id, r.language] as const), ...secretRules.map((r) => [r.id, "secrets"] as const)];
  for (const [id, language] of ids) scores.set(id, { language, ruleId: id, tp: 0, fp: 0, fn: 0, tn: 0 });
  for (const c of cases) {
    const s = scores.get(c.ruleId);
    if (!s) continue;
    if (c.kind === "expect") c.ok ? s.tp++ : s.fn++;
    else if (c.kind === "ok") c.ok ? s.tn++ : s.fp++;
    else s.fp++;
  }
  const list = [...scores.values()].sort((a, b) => a.language.localeCompare(b.language) || a.ruleId.localeCompare(b.ruleId));
  const has = (id: string, kind: string) => cases.some((c) => c.ruleId === id && c.kind === kind);
  const untested = list.filter((s) => !has(s.ruleId, "expect") || !has(s.ruleId, "ok")).map((s) => s.ruleId);
  return { cases, scores: list, untested };
}
