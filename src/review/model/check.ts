// Every finding the model returns is checked against the code before it is kept: the path is one of
// the reviewed files, the lines exist (and in a change review touch the change), the quoted snippet
// is the code there. What passes is shaped like a rule finding with a stable identity; one that
// repeats a rule finding (repeatsRule) is dropped by the reviewer.
import { fingerprint } from "../fingerprint.ts";
import type { Finding, Severity } from "../types.ts";
import type { CodeFile } from "./chunks.ts";
import type { DroppedFinding, ModelFindingAnswer } from "./types.ts";

/** CWEs the built-in rules report as critical (deserialization, signature checks, hard-coded secrets); others stop at high. */
const criticalCwes = new Set([347, 502, 798]);
/** A stated line may be off by this much when the snippet sits just beside it. */
const slack = 3;
const maxLinesPerFinding = 40;

const squash = (s: string) => s.replace(/\s+/g, "");

function modelRuleId(cwe: number | null): string {
  return cwe ? `model/cwe-${cwe}` : "model/other";
}

function capSeverity(s: Severity, cwe: number | null): Severity {
  return s === "critical" && !(cwe && criticalCwes.has(cwe)) ? "high" : s;
}

/** A unified diff replacing lines a..b of `path` with `replacement`. */
function patchFor(path: string, lines: string[], a: number, b: number, replacement: string): string {
  const added = replacement.replace(/\n$/, "").split("\n");
  const removed = lines.slice(a - 1, b);
  return [
    `--- a/${path}`,
    `+++ b/${path}`,
    `@@ -${a},${removed.length} +${a},${added.length} @@`,
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
    "",
  ].join("\n");
}

/** Quotes that say this little could match almost any line. */
const minQuote = 6;
/** A quote copied with the prompt's line numbers (`12+| code`) is the code after them. */
const unnumber = (s: string) =>
  s
    .split("\n")
    .map((l) => l.replace(/^\s*\d+[+ ]?\| ?/, ""))
    .join("\n");

/** Where the snippet is: the stated lines, else the nearest placement within `slack` lines of them. */
function locate(file: CodeFile, a: number, b: number, quoted: string): [number, number] | null {
  const snippet = unnumber(quoted);
  const want = squash(snippet);
  if (want.length < Math.min(minQuote, squash(file.lines[a - 1] ?? "").length) || !want) return null;
  const at = (x: number, y: number) => x >= 1 && y <= file.lines.length && squash(file.lines.slice(x - 1, y).join("\n")).includes(want);
  if (at(a, b)) {
    // Narrow to the lines the quote covers, so the fingerprint is the quoted region.
    let x = a,
      y = b;
    while (x < y && at(x + 1, y)) x++;
    while (y > x && at(x, y - 1)) y--;
    return [x, y];
  }
  const span = snippet.trim().split("\n").length;
  for (let d = 1; d <= slack; d++) {
    for (const x of [a - d, a + d]) if (at(x, x + span - 1)) return [x, x + span - 1];
  }
  return null;
}

export interface CheckContext {
  files: ReadonlyMap<string, CodeFile>;
  changedLines?: ReadonlyMap<string, Array<[number, number]>>;
}

export function checkFinding(m: ModelFindingAnswer, ctx: CheckContext): Finding | DroppedFinding {
  const path = m.path.replace(/^\.\//, "");
  const drop = (reason: string): DroppedFinding => ({ path: path.slice(0, 300), startLine: m.startLine, reason });
  const file = ctx.files.get(path);
  if (!file) return drop("path not in the reviewed files");
  if (m.endLine < m.startLine || m.startLine > file.lines.length || m.endLine - m.startLine >= maxLinesPerFinding) {
    return drop("lines do not exist");
  }
  const where = locate(file, m.startLine, Math.min(m.endLine, file.lines.length), m.snippet);
  if (!where) return drop("quoted snippet does not match the code");
  const [a, b] = where;
  const changed = ctx.changedLines?.get(path);
  if (ctx.changedLines && !changed?.some(([x, y]) => x <= b && y >= a)) return drop("lines do not touch the change");
  const ruleId = modelRuleId(m.cwe);
  const code = file.lines.slice(a - 1, b);
  const snippet = code
    .slice(0, 5)
    .map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l))
    .join("\n");
  const finding: Finding = {
    ruleId,
    title: m.title,
    description: m.explanation,
    severity: capSeverity(m.severity, m.cwe),
    cwe: m.cwe ? [m.cwe] : [],
    confidence: "medium",
    tags: ["model"],
    location: { path, startLine: a, startColumn: 1, endLine: b, endColumn: code[code.length - 1]!.length + 1, snippet },
    relatedLocations: [],
    fingerprint: fingerprint(ruleId, path, code.join("\n")),
    engine: "model",
  };
  if (m.fix) {
    finding.fix = {
      description: m.fix.description || "Suggested by the model reviewer",
      replacement: m.fix.replacement.replace(/\n$/, ""),
      patch: patchFor(path, file.lines, a, b, m.fix.replacement),
    };
  }
  return finding;
}

/** Same file, same CWE, overlapping lines: the rule engine already said it. */
export function repeatsRule(f: Finding, rules: readonly Finding[]): boolean {
  const l = f.location;
  return (
    f.cwe.length > 0 &&
    rules.some(
      (r) => r.location.path === l.path && r.cwe.some((c) => f.cwe.includes(c)) && r.location.startLine <= l.endLine && r.location.endLine >= l.startLine,
    )
  );
}
