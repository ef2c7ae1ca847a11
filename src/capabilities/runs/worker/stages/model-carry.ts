// Model answers vary: a full review whose model does not repeat an earlier model finding is no proof
// that it was fixed. A model finding last reported in the repository is reported again by this run
// when the code of its region is still there unchanged (its fingerprint is the region's code), so it
// stays present; once that code changes it is not, and the inbox sees it fixed as any other finding.
import { fingerprint } from "../../../../review/fingerprint.ts";
import type { Finding, Location } from "../../../../review/types.ts";
import { modelReports } from "../../../findings/index.ts";
import type { RunContext } from "../run-context.ts";
import type { TargetPlan } from "./checkout.ts";

/** Model findings looked at per repository and run, newest reports first. */
const maxCarried = 500;

interface Detail {
  ruleId: string;
  engine: string;
  location: Location;
  relatedLocations: Location[];
  flow?: Location[];
  fix?: Finding["fix"] | null;
  confidence: Finding["confidence"];
}

/** Where the region of `count` lines whose code gives `print` is in `lines`, nearest to `near` first; 0 when gone. */
function regionAt(lines: string[], ruleId: string, path: string, print: string, near: number, count: number): number {
  const order = [...lines.keys()]
    .map((i) => i + 1)
    .filter((s) => s + count - 1 <= lines.length)
    .sort((a, b) => Math.abs(a - near) - Math.abs(b - near));
  for (const s of order) if (fingerprint(ruleId, path, lines.slice(s - 1, s - 1 + count).join("\n")) === print) return s;
  return 0;
}

export async function carriedModelFindings(rc: RunContext, plan: TargetPlan, found: readonly Finding[]): Promise<Finding[]> {
  if (!plan.full) return [];
  const rows = await modelReports(rc.app.store, rc.row.workspace_id, plan.repositoryId, maxCarried);
  const seen = new Set(found.map((f) => f.fingerprint));
  const latest = rows.filter((r) => !seen.has(r.fingerprint) && (seen.add(r.fingerprint), true));
  if (!latest.length) return [];
  const inPlan = new Set(plan.paths.map((p) => p.toString("utf8")));
  const paths = [...new Set(latest.map((r) => r.path))].filter((p) => inPlan.has(p));
  const files = new Map<string, string[]>();
  for await (const f of rc.app.mirrors.get(plan.repositoryId).readFiles(
    plan.sha,
    paths.map((p) => Buffer.from(p)),
  )) {
    if (f.content !== null)
      files.set(
        f.path,
        f.content
          .toString("utf8")
          .split("\n")
          .map((l) => l.replace(/\r$/, "")),
      );
  }
  const out: Finding[] = [];
  for (const r of latest) {
    const lines = files.get(r.path);
    const count = r.end_line - r.start_line + 1;
    const at = lines ? regionAt(lines, r.rule_id, r.path, r.fingerprint, r.start_line, count) : 0;
    if (!at) continue;
    const d = JSON.parse(r.detail_json) as Detail;
    out.push({
      ruleId: r.rule_id,
      title: r.title,
      description: r.description,
      severity: r.severity as Finding["severity"],
      engine: r.engine,
      cwe: JSON.parse(r.cwe_json) as number[],
      tags: JSON.parse(r.tags_json) as string[],
      confidence: d.confidence,
      fingerprint: r.fingerprint,
      location: { ...d.location, startLine: at, endLine: at + count - 1 },
      relatedLocations: [],
      ...(d.fix ? { fix: d.fix } : {}),
    });
  }
  return out;
}
