// Inbox findings as SARIF 2.1.0, built with the engine's own pieces (rule descriptors with help, CWE
// tags and security-severity, fingerprints, confidence as rank) so `crs review --sarif` and an export
// of the inbox read alike. What the inbox adds: triage as suppressions and, at a change position,
// each result's baselineState. One SARIF run per repository (paths are relative to its root).
import { level, messageText, partialFingerprints, rankOf, ruleDescriptor, ruleInfoOf, sarifLog, securitySeverity, uri } from "../../../review/sarif.ts";
import type { Confidence, Severity } from "../../../review/types.ts";
import type { ExportRow } from "./rows.ts";

type Json = Record<string, unknown>;

export interface SarifContext {
  /** The service's address (the tool's informationUri). */
  baseUrl: string;
  /** What the SARIF run of a repository's findings says of where they were read (repository, position, crs run). */
  properties: (repository: { id: number; fullName: string } | null) => Json;
}

const severityOf = (s: string): Severity => (s in level ? (s as Severity) : "medium");

/** Triage as SARIF suppressions: accepted, the reason as justification. */
function suppressions(r: ExportRow): Json[] {
  const f = r.finding;
  const out: Json[] = [];
  const add = (reason: string | null, triage: string) =>
    out.push({ kind: "external", status: "accepted", ...(reason ? { justification: reason } : {}), properties: { triage } });
  if (r.status === "false-positive") add(r.falsePositiveReason, "false-positive");
  if (r.status === "wont-fix") add(f.decision_reason, f.decision_kind ?? "wont-fix");
  if (f.dismissed_at !== null) add(f.dismissed_reason, "dismissed");
  return out;
}

/** new and unchanged from the change position's baseline; absent for what is no longer there (fixed at the head). */
function baselineState(r: ExportRow): string {
  return !r.present ? "absent" : r.baseline === "new" ? "new" : "unchanged";
}

function result(r: ExportRow, ruleIndex: number, withBaseline: boolean): Json {
  const f = r.finding;
  const severity = severityOf(r.severity);
  const out: Json = {
    ruleId: f.rule_id,
    ruleIndex,
    level: level[severity],
    message: { text: messageText(f) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: uri(r.location.path), uriBaseId: "%SRCROOT%" },
          region: { startLine: r.location.startLine, endLine: r.location.endLine },
        },
      },
    ],
    partialFingerprints: partialFingerprints(f.fingerprint),
    rank: rankOf[r.confidence as Confidence] ?? rankOf.high,
    hostedViewerUri: r.webUrl,
    properties: {
      key: r.key,
      status: r.status,
      severity,
      confidence: r.confidence,
      engine: f.engine,
      "security-severity": securitySeverity[severity],
    },
  };
  const s = suppressions(r);
  if (s.length) out.suppressions = s;
  if (withBaseline) out.baselineState = baselineState(r);
  return out;
}

function run(rows: ExportRow[], ctx: SarifContext): Json {
  const infos = new Map<string, Json>();
  for (const r of rows) {
    const f = r.finding;
    if (infos.has(f.rule_id)) continue;
    const info = ruleInfoOf({
      ruleId: f.rule_id,
      title: f.title,
      description: f.description,
      severity: severityOf(f.severity),
      cwe: JSON.parse(f.cwe_json) as number[],
      tags: JSON.parse(f.tags_json) as string[],
      confidence: r.confidence as Confidence,
      engine: f.engine,
    });
    infos.set(f.rule_id, ruleDescriptor(info));
  }
  const ids = [...infos.keys()].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  // A baseline exists where a change review covers the position: then every result says its state.
  const withBaseline = rows.some((r) => r.baseline !== null);
  return {
    tool: { driver: { name: "crs", informationUri: ctx.baseUrl, rules: ids.map((id) => infos.get(id)!) } },
    results: rows.map((r) => result(r, index.get(r.finding.rule_id)!, withBaseline)),
    columnKind: "utf16CodeUnits",
    properties: ctx.properties(rows[0]?.repository ?? null),
  };
}

/** The SARIF log of exported rows: one run per repository, in order of first appearance (one empty run when there are none). */
export function sarifOf(rows: ExportRow[], ctx: SarifContext): Json {
  const byRepo = new Map<number | null, ExportRow[]>();
  for (const r of rows) {
    const id = r.repository?.id ?? null;
    const part = byRepo.get(id);
    if (part) part.push(r);
    else byRepo.set(id, [r]);
  }
  if (!byRepo.size) return sarifLog([run([], ctx)]);
  return sarifLog([...byRepo.values()].map((part) => run(part, ctx)));
}
