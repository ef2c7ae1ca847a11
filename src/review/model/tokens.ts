// Token counts before sending. A UTF-8 byte count is a strict upper bound (every BPE token covers at
// least one byte), so the tokenizer (js-tiktoken, ranks shipped in the package, ~1 s to load) is
// loaded only when that bound does not already fit the budget.
import type { Tiktoken } from "js-tiktoken/lite";

let encoder: Promise<Tiktoken> | null = null;

async function load(): Promise<Tiktoken> {
  const [{ Tiktoken: T }, ranks] = await Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/o200k_base")]);
  return new T(ranks.default);
}

const upperBound = (text: string): number => Buffer.byteLength(text, "utf8");

/** Tokens of `text`: the byte bound when it is at most `enough`, else the tokenizer's count. */
export async function countTokens(text: string, enough = 0): Promise<number> {
  const bound = upperBound(text);
  if (bound <= enough) return bound;
  encoder ??= load();
  // The special-token check is off: repository text may contain `<|endoftext|>` and is only counted.
  return (await encoder).encode(text, [], []).length;
}
