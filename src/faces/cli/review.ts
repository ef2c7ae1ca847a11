// `crs review [PATH]`: the review engine on a local checkout, no server.
import { readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { AppError } from "../../kernel/errors.ts";
import type { ReviewResult } from "../../review/index.ts";
import { severities } from "../../review/types.ts";
import type { Confidence, Severity } from "../../review/types.ts";
import { ClientError } from "./client/api.ts";
import { UsageError } from "./client/schema-flags.ts";
import { changedSince } from "./review-diff.ts";
import type { RemovedLines } from "./review-diff.ts";
import { formatHuman } from "./review-format.ts";
import { terminalBody, visibleText } from "../../kernel/ui/terminal.ts";
import type { ModelReviewResult } from "../../review/model/types.ts";

interface Opts {
  json?: boolean;
  jq?: string;
  sarif?: string | true;
  since?: string;
  rules: string[];
  only: string[];
  exclude: string[];
  focus: string[];
  failOn?: Severity;
  minConfidence?: Confidence;
  threads?: number;
  taint: boolean;
  model?: boolean;
  instructions: string[];
  document: string[];
}

/** Confidence levels, lowest first. */
const confidences: readonly Confidence[] = ["low", "medium", "high"];

const collect = (v: string, prev: string[]) => [
  ...prev,
  ...v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
];

function program(): Command {
  return new Command("review")
    .description("Review a local checkout with the built-in rules; no server needed")
    .argument("[path]", "directory to review", ".")
    .option("--json", "print the result as JSON")
    .option("--jq <expression>", "filter the JSON result with a jq expression (implies --json), e.g. '.findings[].ruleId'")
    .option("--sarif [file]", "write SARIF 2.1.0 to FILE, or to stdout")
    .option("--since <rev>", "only findings on lines changed since this git revision (working tree included)")
    .option("--rules <dir>", "add a directory of custom rules (repeatable)", collect, [])
    .option("--only <selectors>", "run only matching rules: id, id glob, tag, cwe-N, language (repeatable, comma-separated)", collect, [])
    .option("--exclude <selectors>", "skip matching rules (repeatable, comma-separated)", collect, [])
    .option("--focus <file>", "focus document (markdown with front matter) (repeatable)", collect, [])
    .addOption(new Option("--fail-on <severity>", "exit 1 when a finding at or above this severity exists").choices(severities))
    .addOption(
      new Option("--min-confidence <level>", "report only findings at or above this confidence (low: library input or no known " + "source)").choices(
        confidences,
      ),
    )
    .option("--threads <n>", "worker threads (default: all cores)", (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 256) throw new InvalidArgumentError("must be an integer from 1 to 256");
      return n;
    })
    .option("--no-taint", "pattern rules only, without taint refinement")
    .option("--model", "also review with the language model configured by CRS_MODEL_* (sends code to it; see README)")
    .option("--instructions <file>", "with --model: review instructions for the model (markdown) (repeatable)", collect, [])
    .option("--document <file>", "with --model: a context document (text, markdown, PDF) (repeatable)", collect, [])
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

/** A model review that did not complete is said in SARIF too, so CI sees a partial answer. */
function modelNotes(model: ModelReviewResult | undefined) {
  const s = model?.stage;
  if (!s || s.state === "complete") return [];
  return [
    {
      id: `model/${s.state}`,
      level: s.state === "skipped" ? ("note" as const) : ("warning" as const),
      text: `Model review ${s.state}${s.reason ? `: ${s.reason}` : ""}`,
    },
  ];
}

export async function reviewCommand(argv: string[]): Promise<number> {
  const cmd = program();
  try {
    cmd.parse(argv, { from: "user" });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  const opts = cmd.opts<Opts>();
  const dir = resolve(cmd.processedArgs[0] as string);
  // A file or a missing path would review nothing and read as a clean result: refused, as a usage error.
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    process.stderr.write(`crs review: ${cmd.processedArgs[0] as string} is not a directory: give the checkout's directory\n`);
    return 2;
  }
  if (!opts.model && (opts.instructions.length || opts.document.length)) {
    process.stderr.write("crs review: --instructions and --document need --model\n");
    return 2;
  }
  // The engine (ast-grep and its grammars) loads only now: --help and usage errors answer without it.
  const { loadRules, reviewFiles, toSarif, ReviewError, parseRepoConfig, repoConfigPath } = await import("../../review/index.ts");
  try {
    const modelCli = opts.model ? await import("./review-model.ts") : null;
    const config = modelCli?.modelConfig();
    // The model reads what a change removed too (a deleted check is a finding); the rules need only the new side.
    const removedLines: RemovedLines | undefined = opts.model && opts.since ? new Map() : undefined;
    const changedLines = opts.since ? await changedSince(dir, opts.since, removedLines) : undefined;
    const focusDocuments = await Promise.all(opts.focus.map((f) => readFile(f, "utf8")));
    const rules = await loadRules({ customRulesDirs: opts.rules.map((d) => resolve(d)) });
    const tty = process.stderr.isTTY === true;
    // The checkout's .crs.yml, as a run reads it at the reviewed commit; an unusable one is ignored with a warning.
    const tuning = await readFile(join(dir, repoConfigPath)).then(parseRepoConfig, () => null);
    if (tuning?.warning) process.stderr.write(`crs review: warning: ${terminalBody(tuning.warning, visibleText)}\n`);
    const notes = tuning?.warning ? [{ id: "config/invalid", level: "warning" as const, text: tuning.warning }] : [];
    const all: ReviewResult = await reviewFiles({
      files: dir,
      changedLines,
      only: opts.only,
      exclude: opts.exclude,
      focusDocuments,
      rules,
      ...(tuning?.config ? { repoConfig: tuning.config } : {}),
      threads: opts.threads ?? 0,
      taint: opts.taint,
      onProgress: tty
        ? (p) => {
            if (p.files >= 500) process.stderr.write(`\rreviewed ${p.files} files, ${p.lines} lines, ${p.findings} findings`);
          }
        : undefined,
    });
    if (tty && all.stats.files >= 500) process.stderr.write("\n");
    // Filtered before every output and --fail-on: a finding below the bar is not reported at all.
    const bar = confidences.indexOf(opts.minConfidence ?? "low");
    const result: ReviewResult = bar > 0 ? { ...all, findings: all.findings.filter((f) => confidences.indexOf(f.confidence) >= bar) } : all;
    let model: ModelReviewResult | undefined;
    if (modelCli && config) {
      model = await modelCli.modelReview(config, {
        dir,
        changedLines,
        removedLines,
        ruleFindings: result.findings,
        instructionFiles: opts.instructions,
        focusFiles: opts.focus,
        documentFiles: opts.document,
        log: (line) => process.stderr.write(`${terminalBody(line, visibleText)}\n`),
      });
      // Model findings only add: the rule findings stay as the engine gave them.
      result.findings = [...result.findings, ...model.findings].sort(
        (a, b) => a.location.path.localeCompare(b.location.path) || a.location.startLine - b.location.startLine || a.ruleId.localeCompare(b.ruleId),
      );
      const s = model.stage;
      if (s.state !== "complete") process.stderr.write(`crs review: model review ${s.state}${s.reason ? `: ${terminalBody(s.reason, visibleText)}` : ""}\n`);
    }
    for (const p of result.ruleProblems) process.stderr.write(`rule problem: ${p.file}${p.line ? `:${p.line}` : ""}: ${p.reason}\n`);
    if (opts.sarif !== undefined) {
      const sarif = toSarif(result, { rules: rules.rules, srcRoot: pathToFileURL(`${dir}/`).href, notifications: [...notes, ...modelNotes(model)] });
      const text = `${JSON.stringify(sarif, null, 2)}\n`;
      if (opts.sarif === true) process.stdout.write(text);
      else await writeFile(opts.sarif, text);
    }
    const modelOut = model ? { model: { ...model.stage, droppedFindings: model.droppedFindings } } : {};
    if (opts.jq !== undefined) {
      const { writeJson } = await import("./client/json-out.ts");
      await writeJson({ write: (s) => void process.stdout.write(`${s}\n`) }, { ...result, ...modelOut }, opts as unknown as Record<string, unknown>);
    } else if (opts.json) process.stdout.write(`${JSON.stringify({ ...result, ...modelOut }, null, 2)}\n`);
    else if (opts.sarif === undefined || opts.sarif !== true) process.stdout.write(formatHuman(result, process.stdout.isTTY === true, model?.stage));
    if (!opts.failOn) return 0;
    const failBar = severities.indexOf(opts.failOn);
    // A finding a crs-ignore comment suppresses is shown (SARIF, JSON) but fails nothing.
    return result.findings.some((f) => !f.suppression && severities.indexOf(f.severity) >= failBar) ? 1 : 0;
  } catch (e) {
    // --jq's answers: an expression that does not compile (2), or one that fails on the result (1).
    if (e instanceof UsageError || e instanceof ClientError) {
      process.stderr.write(`crs review: ${e.message}\n`);
      return e instanceof UsageError ? 2 : 1;
    }
    if (e instanceof AppError || e instanceof ReviewError || (e as NodeJS.ErrnoException).code === "ENOENT") {
      process.stderr.write(`crs review: ${(e as Error).message}\n`);
      return 2;
    }
    throw e;
  }
}
