// The model reviewer: the code in scope (secrets redacted) cut into chunks, sent with the team's
// instructions and the rule findings, within a token budget; answers checked and kept as findings.
// It only adds: nothing in an answer can remove or change a rule finding.
import { randomBytes } from "node:crypto";
import { classifyContent, skipByPath } from "../billable.ts";
import type { Finding } from "../types.ts";
import { answerJsonSchema } from "./answer.ts";
import { checkFinding } from "./check.ts";
import { makeChunks } from "./chunks.ts";
import type { CodeFile } from "./chunks.ts";
import { systemPrompt, userPrompt } from "./prompt.ts";
import type { PromptContext } from "./prompt.ts";
import { makeProvider } from "./providers.ts";
import type { Provider } from "./providers.ts";
import { redactSecrets } from "./redact.ts";
import { realSleep, sendChunk } from "./send.ts";
import { countTokens } from "./tokens.ts";
import type { ChunkAnswer, DroppedFinding, ModelConfig, ModelReviewInput, ModelReviewResult, ModelStage, NamedText } from "./types.ts";

const modelDefaults = {
  retries: 2,
  maxOutputTokens: 4096,
  chunkTokens: 12_000,
  maxFindings: 50,
  maxContextChars: 40_000,
  changeContextLines: 10,
} as const;

const redactLines = (text: string) =>
  redactSecrets(text)
    .text.split("\n")
    .map((l) => l.replace(/\r$/, ""));

function codeFiles(input: ModelReviewInput): CodeFile[] {
  const out: CodeFile[] = [];
  for (const f of input.files) {
    if (skipByPath(f.path) || classifyContent(f.content).skip) continue;
    const removed = input.removedLines?.get(f.path)?.map((r) => ({ after: r.after, lines: redactLines(r.lines.join("\n")) }));
    out.push({ path: f.path, lines: redactLines(f.content.toString("utf8")), ...(removed?.length ? { removed } : {}) });
  }
  return out;
}

/** What a change review's finding may touch: the changed lines, and the lines on both sides of a removal. */
function touchable(input: ModelReviewInput): Map<string, Array<[number, number]>> | undefined {
  if (!input.changedLines) return undefined;
  const out = new Map([...input.changedLines].map(([p, r]) => [p, [...r]]));
  for (const [p, groups] of input.removedLines ?? []) {
    const list = out.get(p) ?? [];
    for (const g of groups) list.push([Math.max(1, g.after), g.after + 1]);
    out.set(p, list);
  }
  return out;
}

/** Steering, then instructions, then documents, redacted and cut to `max` characters in all. */
function context(input: ModelReviewInput, max: number): { steering: string; instructions: NamedText[]; documents: NamedText[]; cut: number } {
  let left = max;
  let cut = 0;
  const take = (text: string) => {
    const t = redactSecrets(text).text;
    const kept = t.slice(0, Math.max(0, left));
    cut += t.length - kept.length;
    left -= kept.length;
    return kept;
  };
  const steering = take(input.steering ?? "");
  const named = (xs: readonly NamedText[] | undefined) => (xs ?? []).map((x) => ({ name: x.name, text: take(x.text) })).filter((x) => x.text.trim());
  const instructions = named(input.instructions);
  return { steering, instructions, documents: named(input.documents), cut };
}

/** Same file, same CWE, overlapping lines: the rule engine already said it. */
function repeatsRule(f: Finding, rules: readonly Finding[]): boolean {
  const l = f.location;
  return (
    f.cwe.length > 0 &&
    rules.some(
      (r) => r.location.path === l.path && r.cwe.some((c) => f.cwe.includes(c)) && r.location.startLine <= l.endLine && r.location.endLine >= l.startLine,
    )
  );
}

export interface ModelReviewDeps {
  /** A provider built elsewhere (otherwise the SDK for config.provider, loaded now). */
  provider?: Provider;
}

export async function reviewWithModel(config: ModelConfig, input: ModelReviewInput, deps: ModelReviewDeps = {}): Promise<ModelReviewResult> {
  const maxOut = config.maxOutputTokens ?? modelDefaults.maxOutputTokens;
  const maxFindings = config.maxFindings ?? modelDefaults.maxFindings;
  const files = codeFiles(input);
  const ctx = context(input, config.maxContextChars ?? modelDefaults.maxContextChars);
  const boundary = randomBytes(6).toString("hex");
  const prompt: PromptContext = { boundary, change: !!input.changedLines, instructions: ctx.instructions, steering: ctx.steering, documents: ctx.documents };
  const chunks = makeChunks({
    files,
    changedLines: input.changedLines,
    ruleFindings: input.ruleFindings,
    boundary,
    instructionText: [...(input.instructions ?? []).map((i) => i.text), input.steering ?? ""].join("\n"),
    chunkTokens: config.chunkTokens ?? modelDefaults.chunkTokens,
    contextLines: config.changeContextLines ?? modelDefaults.changeContextLines,
  });
  const stage: ModelStage = {
    state: "complete",
    requests: 0,
    tokensIn: 0,
    tokensOut: 0,
    dropped: 0,
    reason: null,
    chunks: { total: chunks.length, answered: 0, failed: 0, unsent: 0 },
  };
  if (ctx.cut) stage.contextCharsCut = ctx.cut;
  const result: ModelReviewResult = { findings: [], stage, droppedFindings: [] };
  if (!chunks.length) return { ...result, stage: { ...stage, state: "skipped", reason: "no reviewable code" } };

  const signal = input.signal ?? new AbortController().signal;
  const system = systemPrompt(prompt);
  // The answer's schema travels with every request and counts as input.
  const schemaText = JSON.stringify(answerJsonSchema());
  const byPath = new Map(files.map((f) => [f.path, f]));
  const touch = touchable(input);
  const seen = new Set<string>();
  let reserved = 0;
  const settled: Array<() => void> = [];
  let stop: string | null = null;
  let firstFailure: string | null = null;
  const mode = { structured: true };
  let provider: Promise<Provider> | null = deps.provider ? Promise.resolve(deps.provider) : null;
  const used = () => stage.tokensIn + stage.tokensOut;

  const keep = (answer: ChunkAnswer) => {
    stage.chunks.answered++;
    if (answer.invalid) {
      stage.dropped += answer.invalid;
      for (let i = 0; i < answer.invalid; i++) result.droppedFindings.push({ path: "", startLine: 0, reason: "not in the answer schema" });
    }
    for (const m of answer.findings) {
      const f = checkFinding(m, { files: byPath, changedLines: touch });
      const dropped: DroppedFinding | null = !("ruleId" in f)
        ? f
        : repeatsRule(f, input.ruleFindings)
          ? { path: m.path, startLine: m.startLine, reason: "repeats a rule finding" }
          : result.findings.length >= maxFindings
            ? { path: m.path, startLine: m.startLine, reason: "over the cap of model findings per review" }
            : null;
      if (dropped) {
        stage.dropped++;
        result.droppedFindings.push(dropped);
        continue;
      }
      const kept = f as Finding;
      if (seen.has(kept.fingerprint)) continue;
      seen.add(kept.fingerprint);
      result.findings.push(kept);
    }
  };

  let next = 0;
  const work = async () => {
    while (next < chunks.length && !stop) {
      const chunk = chunks[next++]!;
      const replay = input.answered?.get(chunk.id);
      if (replay) {
        stage.tokensIn += replay.tokensIn;
        stage.tokensOut += replay.tokensOut;
        keep(replay);
        continue;
      }
      if (signal.aborted) {
        stop = "cancelled";
        break;
      }
      const user = userPrompt(prompt, chunk, input.ruleFindings);
      let tokens: number;
      for (;;) {
        const room = config.maxTokensPerRun - used() - reserved - maxOut;
        tokens = room > 0 ? await countTokens(system + schemaText + user, room) : Infinity;
        if (tokens <= config.maxTokensPerRun - used() - reserved - maxOut) break;
        // Requests in flight hold their worst case; once they answer, their real use may leave room.
        if (!reserved) break;
        await new Promise<void>((resolve) => settled.push(resolve));
        if (stop) break;
      }
      if (stop) break;
      if (tokens > config.maxTokensPerRun - used() - reserved - maxOut) {
        stop = "the token budget ran out";
        break;
      }
      const hold = tokens + maxOut;
      reserved += hold;
      let outcome: Awaited<ReturnType<typeof sendChunk>>;
      try {
        provider ??= makeProvider(config, maxOut);
        outcome = await sendChunk(
          {
            provider: await provider,
            retries: config.retries ?? modelDefaults.retries,
            signal,
            sleep: input.sleep ?? realSleep,
            onRequest: (u) => {
              stage.requests++;
              stage.tokensIn += u.tokensIn;
              stage.tokensOut += u.tokensOut;
            },
            mode,
          },
          system,
          user,
          () => used() + reserved <= config.maxTokensPerRun,
        );
      } finally {
        reserved -= hold;
        for (const wake of settled.splice(0)) wake();
      }
      if (!outcome.ok) {
        stage.chunks.failed++;
        firstFailure ??= outcome.reason;
        if (outcome.fatal) stop = outcome.reason;
        continue;
      }
      const answer: ChunkAnswer = {
        chunkId: chunk.id,
        findings: outcome.findings,
        invalid: outcome.invalid,
        tokensIn: outcome.tokensIn,
        tokensOut: outcome.tokensOut,
      };
      await input.onChunk?.(answer);
      keep(answer);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(config.concurrency, chunks.length)) }, work));

  stage.chunks.unsent = chunks.length - stage.chunks.answered - stage.chunks.failed;
  stage.reason = stop ?? firstFailure;
  stage.state = stage.chunks.answered === chunks.length ? "complete" : stage.chunks.answered === 0 ? "failed" : "partial";
  result.findings.sort((a, b) => a.location.path.localeCompare(b.location.path) || a.location.startLine - b.location.startLine);
  return result;
}
