// `npm run bench:engine [-- --lines N] [--rounds N] [--only SOURCE] [--no-scaling] [--phase b] [--dump FILE]` (defaults 300 000 and 3): review-engine
// throughput against parsing alone, worker scaling and memory. Corpus: JS/TS under this project's
// node_modules (about 70%, as far as it goes) plus generated Python, Go and Java
// (scripts/bench-corpus.ts) for the rest.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parse } from "@ast-grep/napi";
import { FileAnalyzer } from "../src/review/analyze-file.ts";
import { detectLanguage, ensureParsers, parserName } from "../src/review/languages.ts";
import { loadRules, reviewBatch, reviewFiles, ReviewPool } from "../src/review/index.ts";
import { skipByContent } from "../src/review/skip.ts";
import { TreeReleaser } from "../src/review/fast/trees.ts";
import type { SourceFile } from "../src/review/types.ts";
import { generated } from "./bench-corpus.ts";

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
};
const target = Number(flag("--lines") ?? 300_000);
// --threads-only: skip the one-core phases (memory of a review alone shows in peak RSS).
const threadsOnly = args.includes("--threads-only");
const maxBytes = 1 << 20;
const lineCount = (b: Buffer) => {
  let n = 0;
  for (const c of b) if (c === 10) n++;
  return n;
};

function nodeModules(limit: number): SourceFile[] {
  const out: SourceFile[] = [];
  let lines = 0;
  const stack = [join(import.meta.dirname, "../node_modules")];
  while (stack.length && lines < limit) {
    const dir = stack.pop()!;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => b.name.localeCompare(a.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile() && /\.(m|c)?[jt]s$/.test(e.name) && !e.name.endsWith(".d.ts") && statSync(p).size <= maxBytes) {
        const content = readFileSync(p);
        if (skipByContent(content, maxBytes)) continue;
        out.push({ path: p.slice(p.indexOf("node_modules/") + 13), content });
        lines += lineCount(content);
        if (lines >= limit) break;
      }
    }
  }
  return out;
}

ensureParsers();
const sourceOf = (path: string) => (path.startsWith("gen/handlers/") ? "handlers" : path.startsWith("gen/") ? "modules" : "node_modules");
const t0 = Date.now();
// Shares of the corpus (lines): generated handler files (--handlers, default 0.1) and generated
// modules (--modules, default 0.2); node_modules JS/TS fills the rest as far as it goes, modules
// after it. `--handlers 0.3 --modules 0` is the mix measured before the modules shape existed.
const handlersShare = Number(flag("--handlers") ?? 0.1);
const modulesShare = Number(flag("--modules") ?? 0.2);
const fromNodeModules = nodeModules(target * (1 - handlersShare - modulesShare));
const nmLines = fromNodeModules.reduce((n, f) => n + lineCount(f.content), 0);
const handlers = handlersShare > 0 ? generated("handlers", target * handlersShare) : [];
const handlerLines = handlers.reduce((n, f) => n + lineCount(f.content), 0);
// --only <node_modules|handlers|modules>: keep one source of the corpus so built (to profile it alone:
// `node --cpu-prof scripts/bench-engine.ts --only handlers --rounds 1 --no-scaling`); --no-scaling: one-core part only.
const only = flag("--only");
const built = [...fromNodeModules, ...handlers, ...generated("modules", target - nmLines - handlerLines)];
const corpus = only ? built.filter((f) => sourceOf(f.path) === only) : built;
const totalLines = corpus.reduce((n, f) => n + lineCount(f.content), 0);
const totalBytes = corpus.reduce((n, f) => n + f.content.length, 0);
console.log(`corpus: ${corpus.length} files, ${totalLines} lines, ${(totalBytes / 1e6).toFixed(1)} MB (built in ${Date.now() - t0} ms)`);

const rules = await loadRules();
const perSec = (lines: number, ms: number) => Math.round(lines / (ms / 1000));

// Trees are freed only after a collection and an event-loop turn (src/review/fast/trees.ts): every phase
// releases them as the engine does, and ends with full collections it is timed for (drain()): what a
// phase leaves is freed on its own clock. Without that, (a) after (c) read 15-30% slower than (a)
// first, paying for the handles (c) left, and (c) was timed without them.
// Per source (node_modules JS/TS, generated handlers, generated modules): lines and milliseconds
// spent on them, so the ratios can be read for each apart.
const sources = ["node_modules", "handlers", "modules"] as const;
type BySource = Record<(typeof sources)[number], { lines: number; ms: number }>;
const emptyBySource = (): BySource => ({ node_modules: { lines: 0, ms: 0 }, handlers: { lines: 0, ms: 0 }, modules: { lines: 0, ms: 0 } });

// Counted before any timing: counting in the parse loop made (a) about 6% slower than parsing is.
const linesOf = new Map(corpus.map((f) => [f, lineCount(f.content)]));

/** CPU milliseconds (user + system) of the process since `from`: less sensitive to a loaded machine than wall time. */
const cpuMs = (from: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

async function timeParse(): Promise<{ lines: number; ms: number; cpu: number; by: BySource }> {
  const trees = new TreeReleaser();
  const by = emptyBySource();
  let lines = 0;
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (const f of corpus) {
    const text = f.content.toString("utf8");
    const lang = detectLanguage(f.path, text.slice(0, 200));
    if (!lang) continue;
    const t1 = performance.now();
    parse(parserName(lang), text);
    const part = by[sourceOf(f.path)];
    part.ms += performance.now() - t1;
    const n = linesOf.get(f)!;
    part.lines += n;
    lines += n;
    trees.parsed(f.content.length);
    await trees.release();
  }
  await trees.drain();
  return { lines, ms: performance.now() - t, cpu: cpuMs(cpu), by };
}

/** The engine as reviewFiles drives it: batches of reviewBatch size (one source each). */
function batches(): SourceFile[][] {
  const out: SourceFile[][] = [];
  let cur: SourceFile[] = [];
  let bytes = 0;
  for (const f of corpus) {
    if (cur.length && (cur.length >= reviewBatch.files || bytes >= reviewBatch.bytes || sourceOf(cur[0]!.path) !== sourceOf(f.path))) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(f);
    bytes += f.content.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

// --dump FILE: every finding of phase (c) (last round) as sorted JSON lines, to prove a change keeps them.
const dumpTo = flag("--dump");
let dumped: string[] = [];

async function timeAnalyze(taint: boolean): Promise<{ lines: number; ms: number; cpu: number; findings: number; by: BySource }> {
  const dump: string[] | undefined = taint && dumpTo ? [] : undefined;
  const a = new FileAnalyzer({ rules: rules.rules, selections: [], overrides: [], taint, maxBytes, timeBudgetMs: 10_000 });
  const by = emptyBySource();
  let lines = 0,
    findings = 0;
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (const batch of batches()) {
    const t1 = performance.now();
    const outs = a.analyzeMany(batch.map((file) => ({ file })));
    const part = by[sourceOf(batch[0]!.path)];
    part.ms += performance.now() - t1;
    for (const o of outs) {
      const counted = o.skipped && o.skipped.reason !== "time_budget" ? 0 : o.lines;
      part.lines += counted;
      lines += counted;
      findings += o.findings.length;
      for (const f of dump ? o.findings : []) dump!.push(JSON.stringify(f));
    }
    await a.release();
  }
  await new TreeReleaser().drain();
  if (dump) dumped = dump.sort();
  return { lines, ms: performance.now() - t, cpu: cpuMs(cpu), findings, by };
}

const mb = () => `${Math.round(process.memoryUsage().rss / 1048576)} MB`;
type Timed = { lines: number; ms: number; cpu: number; by: BySource; findings?: number };
/** Keeps each phase's fastest round, and each source's fastest time, across rounds. */
const fastest = (best: Timed | undefined, run: Timed): Timed => {
  if (!best) return run;
  const by = emptyBySource();
  for (const src of sources) by[src] = { lines: run.by[src].lines, ms: Math.min(best.by[src].ms, run.by[src].ms) };
  return { ...(run.ms < best.ms ? run : best), cpu: Math.min(best.cpu, run.cpu), by };
};
// Rounds (--rounds, default 3) interleave the phases and each keeps its fastest: on a shared virtual
// machine one pass of a phase has read 40% slow now and then (host load), and interleaving spreads
// such spells over all three phases instead of one.
const rounds = Math.max(1, Number(flag("--rounds") ?? 3));
if (!threadsOnly) {
  let pa: Timed | undefined, pb: Timed | undefined, pc: Timed | undefined;
  // Each round's own CPU ratios: their median is less moved than the ratio of fastest phases when one phase
  // alone has a fast or slow spell (parse-only rounds have read 1.8 and 2.9 s in one run).
  const perRound: { b: number; c: number }[] = [];
  for (let r = 1; r <= rounds; r++) {
    // --phase b|c: (b) or (c) alone, to profile the pattern stage or the full review (the other
    // phases then read as that one).
    const phase = flag("--phase");
    const alone = phase === "b" || phase === "c" ? await timeAnalyze(phase === "c") : undefined;
    const ra = alone ?? (await timeParse()),
      rb = alone ?? (await timeAnalyze(false)),
      rc = alone ?? (await timeAnalyze(true));
    const rate = (x: Timed) => x.lines / x.ms;
    console.log(
      `round ${r}: (a) ${ra.ms.toFixed(0)} ms, (b) ${rb.ms.toFixed(0)} ms, (c) ${rc.ms.toFixed(0)} ms: b/a = ${(rate(rb) / rate(ra)).toFixed(2)}, ` +
        `c/a = ${(rate(rc) / rate(ra)).toFixed(2)}; cpu ${ra.cpu.toFixed(0)}, ${rb.cpu.toFixed(0)}, ${rc.cpu.toFixed(0)} ms: ` +
        `b/a = ${(ra.cpu / rb.cpu).toFixed(2)}, c/a = ${(ra.cpu / rc.cpu).toFixed(2)}; rss ${mb()}`,
    );
    perRound.push({ b: ra.cpu / rb.cpu, c: ra.cpu / rc.cpu });
    pa = fastest(pa, ra);
    pb = fastest(pb, rb);
    pc = fastest(pc, rc);
  }
  const a = perSec(pa!.lines, pa!.ms),
    b = perSec(pb!.lines, pb!.ms),
    c = perSec(pc!.lines, pc!.ms);
  console.log(`\none core (same files, same run; fastest of ${rounds} round(s) per phase):`);
  console.log(`  (a) parse only                 ${a.toLocaleString("en")} lines/s`);
  console.log(`  (b) all rules, taint off       ${b.toLocaleString("en")} lines/s   b/a = ${(b / a).toFixed(2)}   (${pb!.findings} findings)`);
  console.log(`  (c) all rules, taint on        ${c.toLocaleString("en")} lines/s   c/a = ${(c / a).toFixed(2)}   (${pc!.findings} findings)`);
  // Per CPU time (least of the rounds): the same ratios, less moved by other processes on the machine.
  console.log(
    `  cpu (least of ${rounds}): (a) ${pa!.cpu.toFixed(0)} ms, (b) ${pb!.cpu.toFixed(0)} ms, (c) ${pc!.cpu.toFixed(0)} ms: ` +
      `b/a = ${(pa!.cpu / pb!.cpu).toFixed(2)}, c/a = ${(pa!.cpu / pc!.cpu).toFixed(2)}`,
  );
  const median = (xs: number[]): number => {
    const v = [...xs].sort((x, y) => x - y);
    return v.length % 2 ? v[v.length >> 1]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
  };
  console.log(
    `  cpu (median of the ${rounds} rounds' own ratios): b/a = ${median(perRound.map((x) => x.b)).toFixed(2)}, ` +
      `c/a = ${median(perRound.map((x) => x.c)).toFixed(2)}`,
  );
  // The file loops above also pay for releasing trees; these per-source figures time parse and
  // analysis calls alone, so they read a little higher than the totals.
  for (const src of sources) {
    const rate = (x: { lines: number; ms: number }) => (x.ms > 0 ? x.lines / x.ms : 0);
    const ra = rate(pa!.by[src]),
      rb = rate(pb!.by[src]),
      rc = rate(pc!.by[src]);
    if (ra === 0) continue;
    console.log(
      `  ${src.padEnd(12)} ${pa!.by[src].lines.toLocaleString("en")} lines: b/a = ${(rb / ra).toFixed(2)}, c/a = ${(rc / ra).toFixed(2)} (calls ` + `only)`,
    );
  }
}

if (dumpTo) writeFileSync(dumpTo, `${dumped.join("\n")}\n`);
if (args.includes("--no-scaling")) process.exit(0);
const stream = () =>
  (async function* () {
    yield* corpus;
  })();
// CPU seconds of the whole process (every thread) per run: on a shared machine the wall-clock ratio
// also reflects other load; equal CPU for equal work means the threads cost nothing extra.
const cpuSince = (c: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(c);
  return `cpu ${((d.user + d.system) / 1e6).toFixed(1)} s`;
};
console.log(`\nscaling, reviewFiles with worker threads (taint on):`);
let base = 0;
const cores = availableParallelism();
const counts = [...new Set([1, 2, 4, 8, cores])].filter((n) => n <= cores).sort((x, y) => x - y);
for (const threads of counts) {
  // Cold: reviewFiles starts its own pool (worker start-up counted); 1 thread analyses in-thread.
  const cpu = process.cpuUsage();
  const res = await reviewFiles({ files: stream(), rules, threads, taint: true });
  const used = cpuSince(cpu);
  const lps = perSec(res.stats.lines, res.stats.ms);
  base ||= lps;
  console.log(
    `  ${String(threads).padStart(2)} thread(s): ${lps.toLocaleString("en")} lines/s  (x${(lps / base).toFixed(2)}, ${res.findings.length} findings)` +
      `${threads > 1 ? ", pool started by the review" : ", in-thread"}   ${used}, rss ${mb()}`,
  );
}
for (const threads of counts.filter((n) => n > 1)) {
  // Warm: one long-lived pool serves two reviews; the second is timed.
  const pool = new ReviewPool(threads);
  await reviewFiles({ files: stream(), rules, taint: true, pool });
  const cpu = process.cpuUsage();
  const res = await reviewFiles({ files: stream(), rules, taint: true, pool });
  const used = cpuSince(cpu);
  await pool.close();
  const lps = perSec(res.stats.lines, res.stats.ms);
  console.log(
    `  ${String(threads).padStart(2)} thread(s): ${lps.toLocaleString("en")} lines/s  (x${(lps / base).toFixed(2)}, ${res.findings.length} ` +
      `findings), reused pool   ${used}, rss ${mb()}`,
  );
}
console.log(`\npeak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (process, corpus of ${totalLines} lines held in memory)`);
