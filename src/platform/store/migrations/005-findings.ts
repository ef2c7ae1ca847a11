import type { Kysely } from "kysely";
import type { Engine } from "../index.ts";
import { withId } from "./helpers.ts";

// The workspace inbox as runs fill it: a finding per fingerprint (with its display key F-<n>), a
// report per run that found it, and the code state of each reviewed commit (which findings are
// present there, where). A run's analysis results are kept until imported, so an import that
// died resumes from them instead of analysing again.
export function findings(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("run_results")
        .addColumn("run_id", "integer", (c) => c.primaryKey().references("runs.id").onDelete("cascade"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("results_json", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("run_results_workspace").on("run_results").columns(["workspace_id", "run_id"]).execute();
      await withId(engine, db.schema.createTable("findings"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("fingerprint", "text", (c) => c.notNull())
        .addColumn("rule_id", "text", (c) => c.notNull())
        .addColumn("title", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("severity", "text", (c) => c.notNull())
        .addColumn("confidence", "text", (c) => c.notNull())
        .addColumn("engine", "text", (c) => c.notNull())
        .addColumn("cwe_json", "text", (c) => c.notNull())
        .addColumn("tags_json", "text", (c) => c.notNull())
        .addColumn("first_run_id", "integer", (c) => c.notNull())
        .addColumn("first_observed_at", "text", (c) => c.notNull())
        .addColumn("last_run_id", "integer", (c) => c.notNull())
        .addColumn("report_count", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("findings_number").unique().on("findings").columns(["workspace_id", "number"]).execute();
      await db.schema.createIndex("findings_fingerprint").unique().on("findings").columns(["workspace_id", "fingerprint"]).execute();
      await withId(engine, db.schema.createTable("finding_reports"))
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("finding_id", "integer", (c) => c.notNull().references("findings.id").onDelete("cascade"))
        .addColumn("run_id", "integer", (c) => c.notNull().references("runs.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("sha", "text", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("start_line", "integer", (c) => c.notNull())
        .addColumn("end_line", "integer", (c) => c.notNull())
        .addColumn("severity", "text", (c) => c.notNull())
        .addColumn("detail_json", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // A run reports a finding once per repository: a resumed import cannot add it twice.
      await db.schema.createIndex("finding_reports_once").unique().on("finding_reports").columns(["run_id", "repository_id", "finding_id"]).execute();
      await db.schema.createIndex("finding_reports_finding").on("finding_reports").columns(["workspace_id", "finding_id", "id"]).execute();
      await db.schema
        .createTable("finding_presence")
        .addColumn("workspace_id", "integer", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
        .addColumn("repository_id", "integer", (c) => c.notNull().references("repositories.id").onDelete("cascade"))
        .addColumn("sha", "text", (c) => c.notNull())
        .addColumn("finding_id", "integer", (c) => c.notNull().references("findings.id").onDelete("cascade"))
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("start_line", "integer", (c) => c.notNull())
        .addColumn("end_line", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("finding_presence_pk", ["workspace_id", "repository_id", "sha", "finding_id"])
        .execute();
      await db.schema.createIndex("finding_presence_finding").on("finding_presence").columns(["workspace_id", "finding_id"]).execute();
      // Which run reviewed the commit, and whether it saw the whole tree (full) or a change only.
      await db.schema.alterTable("reviewed_commits").addColumn("run_id", "integer").execute();
      await db.schema
        .alterTable("reviewed_commits")
        .addColumn("full", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
