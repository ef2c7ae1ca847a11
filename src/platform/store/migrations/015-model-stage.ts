import type { Kysely } from "kysely";

// The model review stage: what it did on each run (model_json) and the part of the price it
// charged (model_cents, refunded when it fails) with the configuration that priced it (model_hash), each chunk's checked answer (so a worker that dies
// mid-stage resumes sending only unanswered chunks), and a workspace's switch to turn it off.
export function modelStage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("runs").addColumn("model_json", "text").execute();
      await db.schema
        .alterTable("runs")
        .addColumn("model_cents", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("runs").addColumn("model_hash", "text").execute();
      await db.schema
        .createTable("run_model_chunks")
        .addColumn("workspace_id", "integer", (c) => c.notNull())
        .addColumn("run_id", "integer", (c) => c.notNull().references("runs.id").onDelete("cascade"))
        .addColumn("chunk_id", "text", (c) => c.notNull())
        .addColumn("answer_json", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("run_model_chunks_pk", ["workspace_id", "run_id", "chunk_id"])
        .execute();
      await db.schema
        .createTable("workspace_model_settings")
        .addColumn("workspace_id", "integer", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
        .addColumn("model_off", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
    },
  };
}
