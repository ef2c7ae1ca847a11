// What other capabilities read of runs (the findings' detail, positions and filters, connections'
// automatic reviews and post-back): a run's kind, state, price, position and change, batched by id,
// and the runs of a kind, a state or a focus as subqueries the caller composes into its own query,
// so a read that joined runs stays one query. Scoped by workspace.
import { sql, type Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";

type Db = Kysely<Database>;

export interface RunFacts {
  kind: "full" | "change";
  state: string;
  price_cents: number;
  refunded_cents: number;
  /** The position a full review read (`branch:main`, ...), null for a change review. */
  at: string | null;
  sha: string;
  /** JSON: the resolved change (kind, pr/branch, base, head, ...) of a change review, else null. */
  change_json: string | null;
}

/** Each run's kind, state, price, position and change, by id; runs of another workspace are left out. */
export async function runFacts(db: Db, workspaceId: number, runIds: number[]): Promise<Map<number, RunFacts>> {
  const ids = [...new Set(runIds)];
  const out = new Map<number, RunFacts>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("runs")
      .select(["id", "kind", "state", "price_cents", "refunded_cents", "at", "sha", "change_json"])
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const { id, ...facts } of rows) out.set(id, facts);
  }
  return out;
}

/** Subquery: the ids of the workspace's runs of one kind (for `run_id in (...)`). */
export function runIdsOfKind(db: Db, workspaceId: number, kind: "full" | "change") {
  return db.selectFrom("runs").select("runs.id").where("runs.workspace_id", "=", workspaceId).where("runs.kind", "=", kind);
}

/** Subquery: the ids of the workspace's runs in one of `states`. */
export function runIdsInState(db: Db, workspaceId: number, states: readonly string[]) {
  return db.selectFrom("runs").select("runs.id").where("runs.workspace_id", "=", workspaceId).where("runs.state", "in", states);
}

/** What these runs of the workspace cost: their prices less their refunds, in cents. */
export async function netCostCents(db: Db, workspaceId: number, runIds: number[]): Promise<number> {
  const ids = [...new Set(runIds)];
  let total = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const row = await db
      .selectFrom("runs")
      .select(sql<number>`coalesce(sum(price_cents - refunded_cents), 0)`.as("net"))
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", ids.slice(i, i + 500))
      .executeTakeFirst();
    total += Number(row?.net ?? 0);
  }
  return total;
}

/** Subquery: the ids of the workspace's runs that used the focus `slug`. */
export function runIdsWithFocus(db: Db, workspaceId: number, slug: string) {
  return db.selectFrom("run_focuses").select("run_focuses.run_id").where("run_focuses.workspace_id", "=", workspaceId).where("run_focuses.slug", "=", slug);
}

/** The first (by slug) focus a run used, or null for none. */
export async function firstFocusOf(db: Db, workspaceId: number, runId: number): Promise<string | null> {
  const row = await db
    .selectFrom("run_focuses")
    .select("slug")
    .where("workspace_id", "=", workspaceId)
    .where("run_id", "=", runId)
    .orderBy("slug")
    .executeTakeFirst();
  return row?.slug ?? null;
}
