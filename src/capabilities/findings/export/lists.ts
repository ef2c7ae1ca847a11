// The exports of the findings lists (format=sarif or csv): the whole selection a list's filters make,
// unpaginated up to the export cap, as the list reads it (same filters, order, status and location).
import type { RepositoryRow } from "../../repositories/index.ts";
import { exportCap } from "../schemas.ts";
import type { Filters } from "../filters.ts";
import { listAtPosition, listOrganization } from "../list.ts";
import type { ListDeps } from "../views.ts";
import { runFindings } from "../run-findings.ts";
import { csvOf } from "./csv.ts";
import { checkCap, exportRows, type ExportRow } from "./rows.ts";
import { sarifOf, type SarifContext } from "./sarif.ts";

export type ExportFormat = "sarif" | "csv";

const all = { limit: exportCap };

function render(deps: ListDeps, rows: ExportRow[], format: ExportFormat, properties: SarifContext["properties"]) {
  return format === "csv" ? csvOf(rows) : sarifOf(rows, { baseUrl: deps.config.baseUrl, properties });
}

/** Every registered repository at its default branch head (GET /findings). */
export async function exportOrganization(deps: ListDeps, workspaceId: number, me: number, f: Filters, now: Date, format: ExportFormat) {
  const r = await listOrganization(deps, workspaceId, me, f, all, now);
  checkCap(r.total);
  const rows = await exportRows(deps.store, workspaceId, r.items, r.entries);
  return render(deps, rows, format, (repo) => (repo ? { repository: repo.fullName, at: "default" } : {}));
}

/** One repository at a position (GET /repositories/{owner}/{repo}/findings). */
export async function exportAtPosition(
  deps: ListDeps,
  workspaceId: number,
  me: number,
  repo: RepositoryRow,
  at: string | undefined,
  f: Filters,
  now: Date,
  format: ExportFormat,
) {
  const r = await listAtPosition(deps, workspaceId, me, repo, at, f, all, now);
  checkCap(r.total);
  const rows = await exportRows(deps.store, workspaceId, r.items, r.entries);
  return render(deps, rows, format, () => ({ repository: repo.full_name, at: r.position.at, sha: r.position.sha }));
}

/** The findings a run reported (GET /runs/{run}/findings), with their status and baseline at the commit it reviewed. */
export async function exportRunFindings(deps: ListDeps, workspaceId: number, run: { id: number; imported: boolean }, now: Date, format: ExportFormat) {
  // None until the run's findings were imported, as in the list.
  const page = run.imported ? (checkCap(await reportCount(deps, workspaceId, run.id)), await runFindings(deps, workspaceId, run.id, all, now)) : null;
  const rows = page ? await exportRows(deps.store, workspaceId, page.items, page.entries) : [];
  return render(deps, rows, format, (repo) => ({ run: run.id, ...(repo ? { repository: repo.fullName } : {}) }));
}

async function reportCount(deps: ListDeps, workspaceId: number, runId: number): Promise<number> {
  const row = await deps.store.db
    .selectFrom("finding_reports")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("run_id", "=", runId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
