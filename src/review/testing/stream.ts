// Test helpers for the review engine: files given by path and content, reviewed as a stream.
import { reviewFiles } from "../index.ts";
import type { ReviewResult, RuleSet } from "../index.ts";
import type { SourceFile } from "../types.ts";

/** The files, in order, as the stream `reviewFiles` reads from git. */
export async function* stream(files: Record<string, string | Buffer>): AsyncGenerator<SourceFile> {
  for (const [path, c] of Object.entries(files)) yield { path, content: Buffer.isBuffer(c) ? c : Buffer.from(c) };
}

/** A review of the files with all rules (taint on), in this thread or `threads` workers. */
export const reviewOf = (rules: RuleSet, files: Record<string, string>, threads = 1): Promise<ReviewResult> =>
  reviewFiles({ files: stream(files), rules, threads });

/** Taint findings as `path:line:class`. */
export const taintFindings = (r: ReviewResult): string[] =>
  r.findings.filter((f) => f.engine === "taint").map((f) => `${f.location.path}:${f.location.startLine}:${f.ruleId.split(".")[2]}`);
