// `npm run eval:rules`: scores every rule on its marked examples, then the taint engine on its
// labelled corpus. Exits 1 when any marked example case fails.
import { evaluateExamples } from "../src/review/rule-examples.ts";

// ReDoS verdicts must not depend on the machine's load (src/review/engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";
import { evaluateTaintCorpus } from "../src/review/engines/taint/eval.ts";

const pad = (s: string | number, n: number) => String(s).padEnd(n);
/** Rate of a count among n, as a whole percentage, or null without cases. */
const rate = (k: number, n: number): number | null => (n ? Math.round((100 * k) / n) : null);
/** tp rate, fp rate and their difference (the score), "-" where a side has no cases. */
const rates = (tp: number, pos: number, fp: number, neg: number): string => {
  const t = rate(tp, pos),
    f = rate(fp, neg);
  return `${pad(t === null ? "-" : `${t}%`, 7)}${pad(f === null ? "-" : `${f}%`, 7)}${t === null || f === null ? "-" : `${t - f >= 0 ? "+" : ""}${t - f}`}`;
};
const { cases, scores, untested } = await evaluateExamples();

console.log("Pattern and secret rules on their examples (tp: expected finding found; fn: missed; fp: finding on an ok or unmarked line)\n");
console.log(`${pad("language", 12)}${pad("rule", 38)}${pad("tp", 5)}${pad("fp", 5)}${pad("fn", 5)}${pad("tn", 5)}${pad("tp%", 7)}${pad("fp%", 7)}score`);
const totals = new Map<string, { rules: number; tp: number; fp: number; fn: number; tn: number }>();
for (const s of scores) {
  console.log(
    `${pad(s.language, 12)}${pad(s.ruleId, 38)}${pad(s.tp, 5)}${pad(s.fp, 5)}${pad(s.fn, 5)}${pad(s.tn, 5)}` + `${rates(s.tp, s.tp + s.fn, s.fp, s.fp + s.tn)}`,
  );
  const t = totals.get(s.language) ?? { rules: 0, tp: 0, fp: 0, fn: 0, tn: 0 };
  t.rules++;
  t.tp += s.tp;
  t.fp += s.fp;
  t.fn += s.fn;
  t.tn += s.tn;
  totals.set(s.language, t);
}
console.log(`\n${pad("language", 12)}${pad("rules", 7)}${pad("tp", 6)}${pad("fp", 6)}${pad("fn", 6)}tn`);
for (const [lang, t] of totals) console.log(`${pad(lang, 12)}${pad(t.rules, 7)}${pad(t.tp, 6)}${pad(t.fp, 6)}${pad(t.fn, 6)}${t.tn}`);

const taint = await evaluateTaintCorpus();
if (taint.length) {
  console.log("\nTaint engine on its corpus\n");
  console.log(`${pad("language", 12)}${pad("class", 18)}${pad("vulnerable", 12)}${pad("recall", 9)}${pad("safe", 7)}${pad("fp", 5)}${pad("fp rate", 9)}score`);
  for (const r of taint) {
    const recall = r.vulnerable ? `${Math.round((100 * r.detected) / r.vulnerable)}%` : "-";
    const fpRate = r.safe ? `${Math.round((100 * r.falsePositives) / r.safe)}%` : r.falsePositives ? `${r.falsePositives} unmarked` : "-";
    const t = rate(r.detected, r.vulnerable),
      f = rate(r.falsePositives, r.safe);
    const score = t === null || f === null ? "-" : `${t - f >= 0 ? "+" : ""}${t - f}`;
    console.log(
      `${pad(r.language, 12)}${pad(r.injectionClass, 18)}${pad(r.vulnerable, 12)}${pad(recall, 9)}${pad(r.safe, 7)}${pad(r.falsePositives, 5)}` +
        `${pad(fpRate, 9)}${score}`,
    );
  }
}

const failed = cases.filter((c) => !c.ok);
for (const c of failed) console.error(`FAIL ${c.file}:${c.line} ${c.kind} ${c.ruleId}`);
for (const id of untested) console.error(`UNTESTED ${id}: needs an expect and an ok example`);
process.exitCode = failed.length || untested.length ? 1 : 0;

// The whole review, line by line, as a held-out corpus scores it (src/review/line-corpus.ts).
const { evaluateLineCases, lineRows } = await import("../src/review/line-corpus.ts");
for (const language of ["javascript"]) {
  const lineCases = await evaluateLineCases(language);
  console.log(`\nWhole review on labelled lines (${language}: a line is found/flagged when any finding starts on it)\n`);
  console.log(
    `${pad("class", 22)}${pad("vulnerable", 12)}${pad("found", 7)}${pad("safe", 6)}${pad("flagged", 9)}${pad("unmarked", 10)}${pad("found%", 8)}` +
      `${pad("flagged%", 10)}`,
  );
  const all = { vulnerable: 0, found: 0, safe: 0, flagged: 0, unmarked: 0 };
  const show = (name: string, r: typeof all) =>
    console.log(
      `${pad(name, 22)}${pad(r.vulnerable, 12)}${pad(r.found, 7)}${pad(r.safe, 6)}${pad(r.flagged, 9)}${pad(r.unmarked, 10)}` +
        `${pad(rate(r.found, r.vulnerable) ?? "-", 8)}${pad(rate(r.flagged, r.safe) ?? "-", 10)}`,
    );
  for (const r of lineRows(language, lineCases)) {
    show(r.cls, r);
    for (const k of Object.keys(all) as (keyof typeof all)[]) all[k] += r[k];
  }
  show("total", all);
  if (process.env.LINES_VERBOSE) {
    for (const c of lineCases) {
      const bad = c.expected === "vuln" ? !c.rules.length : c.rules.length > 0;
      if (bad)
        console.log(
          `  ${c.expected === "vuln" ? "MISS" : c.expected === "safe" ? "FP  " : "UNMK"} ${c.file}:${c.line} ${c.cls} ${c.note} [` + `${c.rules.join(",")}]`,
        );
    }
  }
}
