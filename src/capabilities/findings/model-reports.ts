// The model findings a repository's reports hold, newest report first: a full review's worker
// carries those whose code is still there unchanged (runs/worker/stages/model-carry.ts).
import type { Store } from "../../platform/store/index.ts";

export interface ModelReport {
  id: number;
  fingerprint: string;
  rule_id: string;
  title: string;
  description: string;
  severity: string;
  engine: string;
  cwe_json: string;
  tags_json: string;
  path: string;
  start_line: number;
  end_line: number;
  /** JSON: the report's detail (location, related locations, fix, confidence). */
  detail_json: string;
}

/** The newest `limit` reports of model findings in the repository, with their findings' fields. */
export async function modelReports(store: Store, workspaceId: number, repositoryId: number, limit: number): Promise<ModelReport[]> {
  return store.db
    .selectFrom("finding_reports as r")
    .innerJoin("findings as f", "f.id", "r.finding_id")
    .select([
      "f.id",
      "f.fingerprint",
      "f.rule_id",
      "f.title",
      "f.description",
      "f.severity",
      "f.engine",
      "f.cwe_json",
      "f.tags_json",
      "r.path",
      "r.start_line",
      "r.end_line",
      "r.detail_json",
    ])
    .where("r.workspace_id", "=", workspaceId)
    .where("f.workspace_id", "=", workspaceId)
    .where("r.repository_id", "=", repositoryId)
    .where("f.engine", "=", "model")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
}
