// npm run eval:holdout — the validation set in bench/holdout, reviewed black-box through
// `crs review --sarif` (a child process, as a user would run it), scored per language and category:
// true-positive rate, false-positive rate and their difference (bench/holdout/README.md).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../bench/holdout/", import.meta.url));
const cli = fileURLToPath(new URL("../bin/crs.js", import.meta.url));
// --verbose lists each missed and flagged case; by default only the table prints, so a run made to check
// that a change loses nothing shows no case of a set the engine must not be tuned on.
const verbose = process.argv.includes("--verbose");
const extra = process.argv.slice(2).filter((a) => a !== "--verbose");

interface Case {
  file: string;
  category: string;
  cwe: number;
  vulnerable: boolean;
}
const cases: Case[] = readFileSync(`${root}expected.csv`, "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [file, category, cwe, vulnerable] = line.split(",");
    return { file: file!, category: category!, cwe: Number(cwe), vulnerable: vulnerable === "true" };
  });

// Exit status 0 or 1 (findings present) are both a finished review.
let out: string;
try {
  out = execFileSync(process.execPath, [cli, "review", root, "--sarif", ...extra], { encoding: "utf8", maxBuffer: 64 << 20 });
} catch (e) {
  const err = e as { status?: number; stdout?: string };
  if (err.status !== 1 || !err.stdout) throw e;
  out = err.stdout;
}
type Loc = { physicalLocation?: { artifactLocation?: { uri?: string } } };
const rel = (l: Loc | undefined) => decodeURIComponent(l?.physicalLocation?.artifactLocation?.uri ?? "").replace(/^.*bench\/holdout\//, "");
const labelled = new Set(cases.map((c) => c.file));
const sarif = JSON.parse(out) as {
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string; properties?: { tags?: string[] } }> } };
    results: Array<{
      ruleId: string;
      locations: Array<Loc>;
      relatedLocations?: Array<Loc>;
      codeFlows?: Array<{ threadFlows: Array<{ locations: Array<{ location?: Loc }> }> }>;
    }>;
  }>;
};
const flagged = new Map<string, Set<number>>();
for (const run of sarif.runs) {
  const cwes = new Map(
    run.tool.driver.rules.map((r) => [r.id, (r.properties?.tags ?? []).flatMap((t) => /^external\/cwe\/cwe-(\d+)$/.exec(t)?.[1] ?? []).map(Number)]),
  );
  for (const r of run.results) {
    // A result reported in an unlabelled helper file counts for the labelled cases its flow passes
    // through (the case's input reaching a sink inside the helper); one in a labelled file counts there.
    const uri = rel(r.locations[0]);
    const flow = [...(r.relatedLocations ?? []), ...(r.codeFlows ?? []).flatMap((f) => f.threadFlows.flatMap((t) => t.locations.map((l) => l.location)))];
    const files = labelled.has(uri) ? [uri] : [...new Set(flow.map(rel).filter((f) => labelled.has(f)))];
    for (const file of files) {
      const set = flagged.get(file) ?? new Set<number>();
      for (const c of cwes.get(r.ruleId) ?? []) set.add(c);
      flagged.set(file, set);
    }
  }
}
// Weak randomness is reported under CWE-330 or its child CWE-338.
const matches = (c: Case, found: Set<number> | undefined) => !!found && (found.has(c.cwe) || (c.cwe === 330 && found.has(338)));

type Tally = { tp: number; fn: number; fp: number; tn: number };
const tallies = new Map<string, Tally>();
const misses: string[] = [];
for (const c of cases) {
  const lang = c.file.split("/")[0]!;
  const hit = matches(c, flagged.get(c.file));
  for (const key of [`${lang} ${c.category}`, `${lang} (all)`]) {
    const t = tallies.get(key) ?? { tp: 0, fn: 0, fp: 0, tn: 0 };
    if (c.vulnerable) hit ? t.tp++ : t.fn++;
    else hit ? t.fp++ : t.tn++;
    tallies.set(key, t);
  }
  if (hit !== c.vulnerable) misses.push(`${c.vulnerable ? "missed" : "flagged"} ${c.file} (${c.category}, CWE-${c.cwe})`);
}
const pct = (n: number, d: number) => (d ? Math.round((100 * n) / d) : 0);
console.log("language/category          tp  fn  fp  tn   tp%   fp%  score");
for (const [key, t] of [...tallies].sort((a, b) => a[0].localeCompare(b[0]))) {
  const tpr = pct(t.tp, t.tp + t.fn);
  const fpr = pct(t.fp, t.fp + t.tn);
  console.log(
    `${key.padEnd(26)} ${[t.tp, t.fn, t.fp, t.tn].map((n) => String(n).padStart(3)).join(" ")}  ${String(tpr).padStart(3)}%  ` +
      `${String(fpr).padStart(3)}%  ${tpr - fpr >= 0 ? "+" : ""}${tpr - fpr}`,
  );
}
if (misses.length) console.log(verbose ? `\n${misses.join("\n")}` : `\n${misses.length} cases missed or flagged (--verbose lists them)`);
