// npm run eval:pairs — our own vulnerable/fixed pairs and safe look-alikes (src/review/corpus/pairs/), scored as
// the blind proxy set is: found at the weak point, still reported after the fix, findings per fixed tree by
// confidence (noise). Flags: --verbose (every finding on a fixed tree, every miss), --case <lang/id> (repeatable).
import { parseArgs } from "node:util";
import { evaluatePairs } from "../src/review/pair-corpus.ts";

const { values } = parseArgs({ options: { verbose: { type: "boolean", default: false }, case: { type: "string", multiple: true, default: [] } } });
const wanted = new Set(values.case);
const outcomes = await evaluatePairs(wanted.size ? (id) => wanted.has(id) : undefined);

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : "n/a");
const byConf = (fs: { confidence: string }[]) => {
  const c = { high: 0, medium: 0, low: 0 };
  for (const f of fs) c[f.confidence as keyof typeof c] = (c[f.confidence as keyof typeof c] ?? 0) + 1;
  return c;
};
for (const language of ["js", "python"]) {
  const os = outcomes.filter((o) => o.language === language);
  if (!os.length) continue;
  const pairs = os.filter((o) => !o.lookalike);
  const looks = os.filter((o) => o.lookalike);
  const found = pairs.filter((o) => o.found).length;
  const still = pairs.filter((o) => o.still).length;
  const fixedFindings = pairs.flatMap((o) => o.fixed.findings);
  const lookFindings = looks.flatMap((o) => o.fixed.findings);
  const fc = byConf(fixedFindings),
    lc = byConf(lookFindings);
  console.log(`${language}: ${pairs.length} pairs, ${looks.length} safe look-alikes`);
  console.log(
    `  found at the weak point ${found}/${pairs.length} (${pct(found, pairs.length)}), still reported after the fix ${still}/${found} (${pct(still, found)})`,
  );
  console.log(
    `  findings per fixed tree ${(fixedFindings.length / (pairs.length || 1)).toFixed(2)} (high ${fc.high}, medium ${fc.medium}, low ${fc.low}); ` +
      `per look-alike tree ${(lookFindings.length / (looks.length || 1)).toFixed(2)} (high ${lc.high}, medium ${lc.medium}, low ${lc.low})`,
  );
  if (values.verbose)
    for (const o of os) {
      if (!o.lookalike && !o.found) {
        const seen = o.vulnerable!.findings.map((f) => `${f.ruleId}@${f.location.path}:${f.location.startLine}/${f.confidence}`).join(", ") || "no findings";
        console.log(`  missed  ${o.id} (${o.cls}): ${seen}`);
      }
      for (const f of o.fixed.findings)
        console.log(
          `  ${o.lookalike ? "lookalike" : o.still ? "still" : "noise"}  ${o.id} ${f.ruleId}@${f.location.path}:${f.location.startLine} ${f.confidence}`,
        );
    }
}
