// The findings capability's public API: what other capabilities and the faces may import. Every
// other file in this folder is internal to it.
export * from "./import.ts";
export * from "./run-findings.ts";
export { exportRunFindings } from "./export/lists.ts";
export { inboxVersion, openRuleCounts, reviewCounts, type ReviewStep } from "./summary.ts";
export { modelReports } from "./model-reports.ts";
