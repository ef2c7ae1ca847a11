// The model reviewer: the code in scope (secrets redacted) cut into chunks, sent with the team's
// instructions and the rule findings, within a token budget; answers checked and kept as findings.
// It only adds: nothing in an answer can remove or change a rule finding.
import { randomBytes } from "node:crypto";
import type { Finding } from "../types.ts";
import { answerJsonSchema } from "./answer.ts";
import { checkFinding, repeatsRule } from "./check.ts";
import { makeChunks } from "./chunks.ts";
import { codeFiles, cutContext, touchable } from "./inputs.ts";
import { systemPrompt, userPrompt } from "./prompt.ts";
import type { PromptContext } from "./prompt.ts";
import { makeProvider } from "./providers.ts";
import type { Provider } from "./providers.ts";
import { realSleep, sendChunk } from "./send.ts";
import { countTokens } from "./tokens.ts";
import type { ChunkAnswer, DroppedFinding, ModelConfig, ModelReviewInput, ModelReviewResult, ModelStage } from "./types.ts";

const modelDefaults = {
  retries: 2,
  maxOutputTokens: 4096,
  chunkTokens: 12_000,
  maxFindings: 50,
  maxContextChars: 40_000,
  changeContextLines: 10,
} as const;

export interface ModelReviewDeps {
  /** A provider built elsewhere (otherwise the SDK for config.provider, loaded now). */
  provider?: Provider;
}

export async function reviewWithModel(config: ModelConfig, input: ModelReviewInput, deps: ModelReviewDeps = {}): Promise<ModelReviewResult> {
  const maxOut = config.maxOutputTokens ?? modelDefaults.maxOutputTokens;
  const maxFindings = config.maxFindings ?? modelDefaults.maxFindings;
  const files = codeFiles(input);
  const ctx = cutContext(input, config.maxContextChars ?? modelDefaults.maxContextChars);
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
