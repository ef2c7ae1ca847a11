// npm run eval:real — the blind proxy set in bench/real: each case is a vulnerable project tree and
// its fixed twin, reviewed black-box through `crs review <tree> --json` (a child process, as a user
// runs it), scored per language as bench/real/README.md defines: found at the weak point, still
// reported after the fix, and findings per repository on the fixed twins (noise).
// Flags: --json (machine output), --case ID (repeatable), --verbose (list misses and survivors),
// --no-taint (passed to crs review), --jobs N (parallel reviews, default 2).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { atWeakPoint, type Finding, loadCases, norm, ofClass, type RealCase, type Side } from "./real-cases.ts";

const root = fileURLToPath(new URL("../bench/real/", import.meta.url));
const cli = fileURLToPath(new URL("../bin/crs.js", import.meta.url));

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    case: { type: "string", multiple: true, default: [] },
    verbose: { type: "boolean", default: false },
    "no-taint": { type: "boolean", default: false },
    jobs: { type: "string", default: "2" },
  },
});

const all = loadCases(root);
const wanted = new Set(values.case);
const unknown = [...wanted].filter((id) => !all.some((c) => c.id === id));
if (unknown.length) {
  console.error(`unknown case id: ${unknown.join(", ")}`);
  process.exit(2);
}
const cases = wanted.size ? all.filter((c) => wanted.has(c.id)) : all;

function review(tree: string): Promise<Finding[]> {
  const args = [cli, "review", tree, "--json", "--threads", "1", ...(values["no-taint"] ? ["--no-taint"] : [])];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { encoding: "utf8", maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      // Exit status 1 only says findings exist; the review finished.
      if (err && (err.code !== 1 || !stdout)) return reject(new Error(`crs review ${tree} failed: ${stderr || err.message}`));
      try {
        resolve((JSON.parse(stdout) as { findings: Finding[] }).findings);
      } catch (e) {
        reject(new Error(`crs review ${tree}: unreadable JSON (${(e as Error).message})`));
      }
    });
  });
}

async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

interface Outcome {
  id: string;
  language: string;
  found: boolean;
  foundStrict: boolean;
  still: boolean;
  stillStrict: boolean;
  noise: number;
  noiseStrict: number;
  vulnerable: Finding[];
  fixed: Finding[];
}

const strict = (fs: Finding[]) => fs.filter((f) => f.confidence !== "low");

async function score(c: RealCase): Promise<Outcome> {
  const [vulnerable, fixed] = await Promise.all([review(`${root}${c.dir}/vulnerable`), review(`${root}${c.dir}/fixed`)]);
  const hit = (fs: Finding[], side: Side) => fs.some((f) => ofClass(f, c) && atWeakPoint(f, side));
  const found = hit(vulnerable, c.vulnerable);
  const foundStrict = hit(strict(vulnerable), c.vulnerable);
  return {
    id: c.id,
    language: c.language,
    vulnerable,
    fixed,
    found,
    foundStrict,
    still: found && hit(fixed, c.fixed),
    stillStrict: foundStrict && hit(strict(fixed), c.fixed),
    noise: fixed.length,
    noiseStrict: strict(fixed).length,
  };
}

// Two reviews per case run together, so cases go one at a time per pair of processes.
const jobs = Math.max(1, Number(values.jobs) || 2);
const outcomes = await pool(cases, Math.max(1, Math.floor(jobs / 2)), score);

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(0)}%` : "n/a");
const summary = [...new Set(outcomes.map((o) => o.language))].sort().map((language) => {
  const os = outcomes.filter((o) => o.language === language);
  const sum = (k: keyof Outcome) => os.filter((o) => o[k] === true).length;
  const total = (k: "noise" | "noiseStrict") => os.reduce((s, o) => s + o[k], 0);
  return {
    language,
    cases: os.length,
    found: sum("found"),
    stillAfterFix: sum("still"),
    findingsPerFixedRepo: total("noise") / os.length,
    withoutLowConfidence: { found: sum("foundStrict"), stillAfterFix: sum("stillStrict"), findingsPerFixedRepo: total("noiseStrict") / os.length },
  };
});

if (values.json) {
  const perCase = outcomes.map(({ vulnerable, fixed, ...o }) => ({ ...o, vulnerableFindings: vulnerable.length, fixedFindings: fixed.length }));
  console.log(JSON.stringify({ taint: !values["no-taint"], summary, cases: perCase }, null, 2));
} else {
  for (const s of summary) {
    const w = s.withoutLowConfidence;
    console.log(`${s.language} (${s.cases} pairs)`);
    console.log(
      `  all confidences:     found at the weak point ${s.found}/${s.cases} (${pct(s.found, s.cases)}), still reported after the fix ` +
        `${s.stillAfterFix}/${s.found} (${pct(s.stillAfterFix, s.found)}), findings per fixed repository ${s.findingsPerFixedRepo.toFixed(2)}`,
    );
    console.log(
      `  without low:         found at the weak point ${w.found}/${s.cases} (${pct(w.found, s.cases)}), still reported after the fix ` +
        `${w.stillAfterFix}/${w.found} (${pct(w.stillAfterFix, w.found)}), findings per fixed repository ${w.findingsPerFixedRepo.toFixed(2)}`,
    );
  }
  if (values.verbose) {
    for (const o of outcomes) {
      const c = cases.find((x) => x.id === o.id)!;
      if (!o.found) {
        const seen = o.vulnerable.map((f) => `${f.ruleId}@${norm(f.location.path)}:${f.location.startLine}`).join(", ") || "no findings";
        console.log(`missed  ${o.id} (${c.class}, ${c.vulnerable.file}:${c.vulnerable.line}): ${seen}`);
      } else if (o.still) console.log(`still   ${o.id} (${c.class}, ${c.fixed.file}:${c.fixed.line})`);
    }
  }
}
