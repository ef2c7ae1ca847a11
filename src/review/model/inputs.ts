// What the model is shown of a review: the code in scope with secrets redacted (files the billing
// rules skip stay out), the context documents cut to a character budget, and the lines a change
// review's findings may touch.
import { classifyContent, skipByPath } from "../billable.ts";
import type { CodeFile } from "./chunks.ts";
import { redactSecrets } from "./redact.ts";
import type { ModelReviewInput, NamedText } from "./types.ts";

const redactLines = (text: string) =>
  redactSecrets(text)
    .text.split("\n")
    .map((l) => l.replace(/\r$/, ""));

export function codeFiles(input: ModelReviewInput): CodeFile[] {
  const out: CodeFile[] = [];
  for (const f of input.files) {
    if (skipByPath(f.path) || classifyContent(f.content).skip) continue;
    const removed = input.removedLines?.get(f.path)?.map((r) => ({ after: r.after, lines: redactLines(r.lines.join("\n")) }));
    out.push({ path: f.path, lines: redactLines(f.content.toString("utf8")), ...(removed?.length ? { removed } : {}) });
  }
  return out;
}

/** What a change review's finding may touch: the changed lines, and the lines on both sides of a removal. */
export function touchable(input: ModelReviewInput): Map<string, Array<[number, number]>> | undefined {
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
export function cutContext(input: ModelReviewInput, max: number): { steering: string; instructions: NamedText[]; documents: NamedText[]; cut: number } {
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
