// Inbox findings as CSV (RFC 4180): a header row, then one row per finding with a fixed column list
// (README "Exports"). Cells a spreadsheet would read as a formula (starting with = + - @, tab or
// carriage return) get a leading ' so opening an export never runs what a repository wrote.
import type { ExportRow } from "./rows.ts";

const csvColumns = ["key", "severity", "confidence", "status", "rule", "title", "repository", "path", "line", "cwe", "baseline", "webUrl"] as const;

/** One cell: formula triggers neutralised, then quoted when it holds a comma, quote or line break (quotes doubled). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function cells(r: ExportRow): string[] {
  const cwe = JSON.parse(r.finding.cwe_json) as number[];
  return [
    r.key,
    r.severity,
    r.confidence,
    r.status,
    r.finding.rule_id,
    r.finding.title,
    r.repository?.fullName ?? "",
    r.location.path,
    String(r.location.startLine),
    cwe.map((n) => `CWE-${n}`).join(" "),
    r.baseline === null ? "" : r.present ? r.baseline : "absent",
    r.webUrl,
  ];
}

/** The CSV text: CRLF line ends, a header row first. */
export function csvOf(rows: ExportRow[]): string {
  return [csvColumns.join(","), ...rows.map((r) => cells(r).map(csvCell).join(","))].map((line) => `${line}\r\n`).join("");
}
