// The last filter of a file's findings: a change review's lines, the selection's exclusions on taint
// findings and severity overrides; apart from the engines, as it judges findings, not code.
import type { Finding } from "./types.ts";
import type { Language } from "./languages.ts";
import { adjustSeverity, isSelected } from "./select.ts";
import type { Selection, SeverityOverride } from "./select.ts";

export function finishFindings(
  findings: Finding[],
  lang: Language | null,
  changed: ReadonlyArray<readonly [number, number]> | undefined,
  selections: Selection[],
  overrides: SeverityOverride[],
): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    if (changed && !changed.some(([a, b]) => f.location.startLine <= b && f.location.endLine >= a)) continue;
    const subject = { id: f.ruleId, tags: f.tags, cwe: f.cwe, language: lang ?? undefined };
    if (f.engine === "taint" && !isSelected(subject, ...selections.map((s) => ({ exclude: s.exclude })))) continue;
    const severity = adjustSeverity(f.severity, subject, overrides);
    out.push(severity === f.severity ? f : { ...f, severity });
  }
  return out;
}
