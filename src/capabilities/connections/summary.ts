// What a member may read about a repository's connection to its code host: the host, access,
// whether crs made the webhook, the review policy and the last deliveries. Plugged into the
// repositories capability's view at start (provideConnectionSummaries). Credentials are never selected.
import type { Store } from "../../platform/store/index.ts";
import type { ConnectionSummary } from "../repositories/index.ts";

const lastDeliveries = 5;

/** Summaries of the connected ones among `ids` (absent: not connected). */
export async function connectionSummaries(store: Store, workspaceId: number, ids: number[]): Promise<Map<number, NonNullable<ConnectionSummary>>> {
  const out = new Map<number, NonNullable<ConnectionSummary>>();
  if (ids.length === 0) return out;
  const rows = await store.db
    .selectFrom("connections as c")
    .leftJoin("review_policies as p", "p.repository_id", "c.repository_id")
    .select([
      "c.repository_id",
      "c.host",
      "c.host_repo",
      "c.access_state",
      "c.webhook_id",
      "p.auto_review",
      "p.forks",
      "p.focuses_json",
      "p.max_run_price_cents",
      "p.daily_cap_cents",
      "p.inline_comments",
      "p.fail_at_severity",
    ])
    .where("c.workspace_id", "=", workspaceId)
    .where("c.repository_id", "in", ids)
    .execute();
  for (const r of rows) {
    const deliveries = await store.db
      .selectFrom("webhook_deliveries")
      .select(["event", "state", "outcome", "received_at"])
      .where("workspace_id", "=", workspaceId)
      .where("repository_id", "=", r.repository_id)
      .orderBy("id", "desc")
      .limit(lastDeliveries)
      .execute();
    out.set(r.repository_id, {
      host: r.host,
      hostRepo: r.host_repo,
      access: r.access_state,
      webhook: r.webhook_id ? "created" : "manual",
      policy: {
        autoReview: r.auto_review === 1,
        forks: r.forks === 1,
        focuses: r.focuses_json ? (JSON.parse(r.focuses_json) as string[]) : [],
        maxRunPriceCents: r.max_run_price_cents ?? null,
        dailyCapCents: r.daily_cap_cents ?? null,
        inlineComments: r.inline_comments ?? 30,
        failAtSeverity: r.fail_at_severity ?? "high",
      },
      lastDeliveries: deliveries.map((d) => ({ event: d.event, state: d.state, outcome: d.outcome, receivedAt: d.received_at })),
    });
  }
  return out;
}
