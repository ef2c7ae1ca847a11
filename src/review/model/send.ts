// One chunk's exchange with the provider: retries on 429/5xx/timeouts honouring Retry-After, the
// abort signal checked before every attempt, and a text answer that fails the schema retried once
// with the reason; after that the chunk counts as failed.
import { checkAnswer, parseTextAnswer } from "./answer.ts";
import { ProviderError } from "./providers.ts";
import type { Provider, ProviderAnswer } from "./providers.ts";
import type { ModelFindingAnswer } from "./types.ts";

export interface SendOptions {
  provider: Provider;
  retries: number;
  signal: AbortSignal;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Counts every request sent and the tokens it used, answered or not. */
  onRequest: (used: { tokensIn: number; tokensOut: number }) => void;
  /** Shared by a review's chunks: once the endpoint refuses structured output (400), all ask for text. */
  mode: { structured: boolean };
}

export type SendOutcome =
  | { ok: true; findings: ModelFindingAnswer[]; invalid: number; tokensIn: number; tokensOut: number }
  | { ok: false; reason: string; fatal: boolean };

/** Longest wait a Retry-After may ask for; a longer one fails the chunk rather than stall the run. */
const maxWaitMs = 60_000;
const backoffMs = (attempt: number) => Math.min(maxWaitMs, 1000 * 2 ** attempt);

export const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

/** Answers no other chunk will get either: the key, the model name or the URL is wrong. */
const fatalStatus = new Set([401, 403, 404]);

type Failed = { failed: string; fatal: boolean };

async function attempt(o: SendOptions, system: string, user: string, repair?: { previous: string; error: string }): Promise<ProviderAnswer | Failed> {
  for (let i = 0; ; i++) {
    if (o.signal.aborted) return { failed: "cancelled", fatal: true };
    try {
      const a = await o.provider({ system, user, ...(repair ? { repair } : {}), structured: o.mode.structured, signal: o.signal });
      o.onRequest({ tokensIn: a.tokensIn, tokensOut: a.tokensOut });
      return a;
    } catch (e) {
      o.onRequest({ tokensIn: 0, tokensOut: 0 });
      if (o.signal.aborted) return { failed: "cancelled", fatal: true };
      if (!(e instanceof ProviderError)) throw e;
      // Some compatible servers refuse response_format or tools: the prompt describes the JSON too.
      if (e.status === 400 && o.mode.structured) {
        o.mode.structured = false;
        i--;
        continue;
      }
      if (!e.retryable || i >= o.retries) return { failed: e.message, fatal: e.status !== null && fatalStatus.has(e.status) };
      const wait = e.retryAfterMs ?? backoffMs(i);
      if (wait > maxWaitMs) return { failed: `${e.message}; asked to wait ${Math.round(wait / 1000)} s`, fatal: false };
      await o.sleep(wait, o.signal);
    }
  }
}

/** `canRepair` says whether the budget allows the retry after an unusable answer. */
export async function sendChunk(o: SendOptions, system: string, user: string, canRepair: () => boolean): Promise<SendOutcome> {
  let tokensIn = 0,
    tokensOut = 0;
  let repair: { previous: string; error: string } | undefined;
  for (let round = 0; round < 2; round++) {
    if (repair && !canRepair())
      return { ok: false, reason: `the model's answer did not match the schema (${repair.error}); no budget to ask again`, fatal: false };
    const a = await attempt(o, system, user, repair);
    if ("failed" in a) return { ok: false, reason: a.failed, fatal: a.fatal };
    tokensIn += a.tokensIn;
    tokensOut += a.tokensOut;
    const parsed = a.structured !== undefined ? checkAnswer(a.structured) : parseTextAnswer(a.text ?? "");
    if (parsed.ok) return { ok: true, findings: parsed.findings, invalid: parsed.invalid, tokensIn, tokensOut };
    repair = { previous: a.structured !== undefined ? JSON.stringify(a.structured) : (a.text ?? ""), error: parsed.error };
  }
  return { ok: false, reason: `the model's answer did not match the schema (${repair!.error})`, fatal: false };
}
