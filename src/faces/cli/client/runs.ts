// `crs runs start` (estimate, confirm, start, optionally wait) and `crs runs watch`: live stage and
// progress on stderr, the exit status from the outcome, --fail-on for CI.
import { type Command, Option } from "commander";
import { catalog } from "./catalog.ts";
import { ClientError } from "./api.ts";
import { applyPositionals, describeCommand, group, specOf, viewOf } from "./generated.ts";
import { addJsonOptions, wantsJson, writeJson } from "./json-out.ts";
import { inputOf, UsageError } from "./schema-flags.ts";
import { callOperation, clientOperation, type Session } from "./session.ts";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const waitOptions = () => [
  new Option("--fail-on <severity>", "Exit 1 when the run found a finding at or above this severity (for CI).").choices(catalog.severities),
  new Option("--interval <seconds>", "Seconds between status checks.").default("2"),
];

/** What each stage counts: the import counts findings, the others files. */
const unitOf: Record<string, string> = { import: "findings" };

/** `run 7: analysis_in_progress · analysis 40 of 120 files`: state, stage and its progress. */
function progressLine(run: any): string {
  const stage = run.stages?.find((st: any) => st.name === run.stage);
  const p = stage?.progress ? ` ${stage.progress.done} of ${stage.progress.total} ${unitOf[stage.name] ?? "files"}` : "";
  return `run ${run.id}: ${run.state}${run.stage ? ` · ${run.stage}${p}` : ""}`;
}

/** Time since the run began (or was queued), as 45s or 3m 05s. */
function elapsed(run: any, now: number): string {
  const secs = Math.max(0, Math.floor((now - Date.parse(run.startedAt ?? run.createdAt)) / 1000));
  return secs < 60 ? `${secs}s` : `${Math.floor(secs / 60)}m ${String(secs % 60).padStart(2, "0")}s`;
}

/** Exit status of a finished run: 1 when it did not complete or found something at --fail-on or above. */
function outcome(run: any, failOn: string | undefined): { code: number; why: string } {
  if (run.state !== "complete") return { code: 1, why: run.error ? `${run.error.code}: ${run.error.message}` : `run ${run.state}` };
  const bySeverity: Record<string, number> = run.findings?.bySeverity ?? {};
  const total = run.findings?.total ?? 0;
  if (failOn) {
    const at = catalog.severities.indexOf(String(failOn));
    const hits = catalog.severities.filter((_, i) => i >= at).reduce((n, sev) => n + (bySeverity[sev] ?? 0), 0);
    if (hits > 0) return { code: 1, why: `${hits} finding${hits === 1 ? "" : "s"} at ${failOn} or above` };
  }
  return { code: 0, why: `${total} finding${total === 1 ? "" : "s"} (${run.findings?.new ?? 0} new)` };
}

/**
 * Polls the run until it ends. On a terminal one line on stderr is updated in place (with the time
 * elapsed); in a pipe each change of state, stage or progress is a line of its own.
 */
async function watch(s: Session, runId: unknown, intervalSeconds: number): Promise<any> {
  let last = "";
  try {
    for (;;) {
      const run = await callOperation(s, "get_run", { run: runId });
      const line = progressLine(run);
      const timed = `${line} · ${elapsed(run, s.out.now())}`;
      if (s.out.live) s.out.live.update(timed);
      else if (line !== last) s.out.err(timed);
      last = line;
      if (run.terminal) return run;
      await s.sleep(Math.max(0.05, intervalSeconds) * 1000);
    }
  } finally {
    s.out.live?.end();
  }
}

async function finish(s: Session, run: any, opts: Record<string, unknown>): Promise<number> {
  const { code, why } = outcome(run, opts.failOn as string | undefined);
  if (wantsJson(opts)) await writeJson(s.out, run, opts);
  else viewOf("get_run")(s.out, run);
  s.out.err(`${run.state}: ${why}${run.state === "complete" && run.findings?.total ? ` · crs runs findings ${run.id}` : ""}`);
  return code;
}

const seconds = (v: unknown) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--interval needs a number of seconds, got "${v}"`);
  return n;
};

export function addRunCommands(program: Command, s: Session, setExit: (code: number) => void): void {
  const runs = group(program, "runs");
  // The runs capability's spec: arguments, the change flags and their checks (prepare).
  const spec = specOf("start_run");
  const start = runs
    .command("start")
    .description("Start a paid run: shows the estimate and asks on a terminal; --yes or --max-price for scripts, --wait to " + "follow it to the end");
  const flags = describeCommand(start, spec, clientOperation("start_run"));
  start.addOption(new Option("--max-price <cents>", "The highest price in cents you accept; starts without asking."));
  start.addOption(new Option("-y, --yes", "Start at the estimated price without asking."));
  start.addOption(new Option("--wait", "Follow the run until it ends; the exit status says how it ended."));
  for (const o of waitOptions()) start.addOption(o);
  start.action(async (_repo: string, opts: Record<string, unknown>, c: Command) => {
    const request = spec.prepare ? spec.prepare(inputOf(flags, opts), opts).input : inputOf(flags, opts);
    applyPositionals(spec, c.processedArgs, request);
    const max = opts.maxPrice === undefined ? undefined : /^\d+$/.test(String(opts.maxPrice)) ? Number(opts.maxPrice) : NaN;
    if (Number.isNaN(max)) throw new UsageError(`--max-price needs a whole number of cents, got "${opts.maxPrice}"`);
    const interval = seconds(opts.interval);
    if (max === undefined && !opts.yes && !s.interactive)
      throw new UsageError("crs runs start needs --yes or --max-price CENTS when no one can confirm on a " + "terminal");
    const estimate = await callOperation(s, "estimate_run", request);
    const what = estimate.targets.map((t: any) => `${t.repository.fullName}@${String(t.sha).slice(0, 12)} (${t.files} files, ${t.lines} lines)`).join(", ");
    s.out.err(`${estimate.kind} review of ${what}: ${dollars(estimate.priceCents)}, balance ${dollars(estimate.balanceCents)}`);
    if (max !== undefined && estimate.priceCents > max) {
      throw new ClientError(`price_exceeds_max: the run costs ${dollars(estimate.priceCents)}, more than --max-price ${max}; not started.`, {
        exitCode: 1,
        code: "price_exceeds_max",
      });
    }
    if (max === undefined && !opts.yes && !(await s.confirm(`Start this run for ${dollars(estimate.priceCents)}?`))) {
      s.out.err("Not started.");
      return setExit(1);
    }
    // A fresh key per invocation: a retried request cannot start (and charge) the run twice.
    const started = await callOperation(s, "start_run", {
      ...request,
      quote: estimate.quote,
      maxPriceCents: max ?? estimate.priceCents,
      requestId: process.getBuiltinModule("node:crypto").randomUUID(),
    });
    if (!opts.wait) {
      if (wantsJson(opts)) await writeJson(s.out, started, opts);
      else viewOf("get_run")(s.out, started.run);
      s.out.err(`started run ${started.run.id} for ${dollars(started.priceCents)} · crs runs watch ${started.run.id}`);
      return;
    }
    s.out.err(`started run ${started.run.id} for ${dollars(started.priceCents)}`);
    setExit(await finish(s, await watch(s, started.run.id, interval), opts));
  });

  const w = runs.command("watch").description("Follow a run until it ends: stage and progress on stderr, the exit status from the outcome").argument("<RUN>");
  for (const o of waitOptions()) w.addOption(o);
  addJsonOptions(w, "Print the finished run as JSON.");
  w.action(async (runId: string, opts: Record<string, unknown>) => {
    setExit(await finish(s, await watch(s, runId, seconds(opts.interval)), opts));
  });
}
