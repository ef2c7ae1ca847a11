// Inline suppressions: `// crs-ignore <rule>: <reason>` or `# crs-ignore <rule>: <reason>` on a
// finding's line or the line above. A suppressed finding is still reported, marked with the
// comment's text, so that it stays counted and visible (imports record it as dismissed, SARIF as a
// suppression); nothing is silently dropped. `<rule>` is a rule id or a `prefix.*`.
import type { Finding } from "./types.ts";

export interface SuppressionComment {
  line: number;
  /** The comment is the whole line (it then covers the next line; a trailing one only its own). */
  alone: boolean;
  rule: string;
  text: string;
}

const marker = Buffer.from("crs-ignore");
const comment = /(?:\/\/|#)\s*crs-ignore\s+([A-Za-z0-9_.-]+(?:\.\*)?|\*)\s*(?::\s*(.*?))?\s*(?:\*\/|-->)?\s*$/;

/** The suppression comments of a file, or null when it has none (most files: one byte search). */
export function suppressionComments(content: Uint8Array): SuppressionComment[] | null {
  if (Buffer.from(content.buffer, content.byteOffset, content.byteLength).indexOf(marker) < 0) return null;
  const out: SuppressionComment[] = [];
  const lines = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString("utf8").split("\n");
  lines.forEach((l, i) => {
    if (!l.includes("crs-ignore") || l.length > 2000) return;
    const m = comment.exec(l);
    if (m) out.push({ line: i + 1, alone: l.slice(0, m.index).trim() === "", rule: m[1]!, text: (m[2] ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 500) });
  });
  return out.length ? out : null;
}

const covers = (rule: string, id: string) => rule === id || rule === "*" || (rule.endsWith(".*") && id.startsWith(rule.slice(0, -1)));

/**
 * Marks each finding a comment on its first line or the line above suppresses. In a change review
 * (`changed`: path -> added line ranges), a comment on an added line is flagged as added by the change.
 */
export function markSuppressed(findings: Finding[], comments: Map<string, SuppressionComment[]>, changed?: Map<string, Array<[number, number]>>): Finding[] {
  if (!comments.size) return findings;
  return findings.map((f) => {
    const list = comments.get(f.location.path);
    const line = f.location.startLine;
    const c = list?.find((x) => (x.line === line || (x.alone && x.line === line - 1)) && covers(x.rule, f.ruleId));
    if (!c) return f;
    const ranges = changed?.get(f.location.path);
    const added = ranges ? ranges.some(([a, b]) => c.line >= a && c.line <= b) : false;
    return { ...f, suppression: { text: c.text, line: c.line, addedByChange: added } };
  });
}

/** Changed line ranges plus the line below each added comment that stands alone (the line it suppresses). */
export function withSuppressedLines(ranges: Array<[number, number]>, comments: SuppressionComment[]): Array<[number, number]> {
  const inside = (n: number) => ranges.some(([a, b]) => n >= a && n <= b);
  const extra = comments.filter((c) => c.alone && inside(c.line) && !inside(c.line + 1)).map((c): [number, number] => [c.line + 1, c.line + 1]);
  return extra.length ? [...ranges, ...extra] : ranges;
}
