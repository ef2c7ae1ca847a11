// A finding's status where it is read. Finding-level states (duplicate, an active wont-fix or
// risk-accepted decision, investigating) apply wherever the finding is; open, fixed and
// false-positive are recorded per commit and read from the nearest record on the position's
// first-parent history. A finding absent from the latest full review of that history, but present
// in an earlier one, reads fixed; one a later review finds again reads open, unless it was marked
// false-positive.
import type { Selectable } from "kysely";
import type { FindingsTable } from "./store.ts";

export type FindingRow = Selectable<FindingsTable>;
export type Status = "open" | "investigating" | "fixed" | "wont-fix" | "false-positive" | "duplicate";

export function decisionActive(f: Pick<FindingRow, "decision_kind" | "decision_until">, now: Date): boolean {
  return f.decision_kind !== null && (f.decision_until === null || f.decision_until > now.toISOString());
}

export interface StatusInput {
  finding: FindingRow;
  /** Present at the covering review (else it was present in an earlier one: fixed). */
  present: boolean;
  /** The nearest per-commit record on the history and its index there (0 = the position). */
  record: { status: "open" | "fixed" | "false-positive"; index: number } | null;
  /** Index of the covering review on the history. */
  coverageIndex: number;
}

export function statusAt(s: StatusInput, now: Date): Status {
  const f = s.finding;
  if (f.duplicate_of !== null) return "duplicate";
  if (decisionActive(f, now)) return "wont-fix";
  if (s.record?.status === "false-positive") return "false-positive";
  if (f.investigating) return "investigating";
  if (!s.present) return "fixed";
  // A fixed mark older than the review that still found the finding is overruled by it.
  if (s.record?.status === "fixed") return s.record.index <= s.coverageIndex ? "fixed" : "open";
  return "open";
}

export function effectiveSeverity(f: Pick<FindingRow, "severity" | "severity_override">): string {
  return f.severity_override ?? f.severity;
}

export type Confidence = "low" | "medium" | "high";

/** The stored confidence as a level (migration 014 made every stored value one). */
export function confidenceOf(f: Pick<FindingRow, "confidence">): Confidence {
  return f.confidence === "low" || f.confidence === "medium" ? f.confidence : "high";
}
