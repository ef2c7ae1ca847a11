// Hosts do not redeliver on their own: every CRS_RECONCILE_INTERVAL_SECONDS each connected
// repository whose policy reviews automatically is checked with its host (access) and its open pull
// requests are listed; each head is queued as a delivery (id reconcile:<pr>:<sha>), so one the
// webhooks missed is reviewed and one already handled is acknowledged as a duplicate. Several
// processes share the work: a repository is claimed by moving its reconciled_at forward.
import type { App } from "../../kernel/app.ts";
import type { ConnectionsTable } from "./connections.ts";
import { storeDelivery } from "./deliveries.ts";
import { checkAccess, clientFor } from "./host.ts";
import { wakeDeliveries } from "./processor.ts";

/** Queues the open pull requests of one connection; returns how many deliveries were queued. */
async function reconcileConnection(app: App, c: ConnectionsTable): Promise<number> {
  if ((await checkAccess(app, c, app.now())) !== "ok") return 0;
  const prs = await (await clientFor(app, c)).listOpenPullRequests();
  let queued = 0;
  for (const pr of prs) {
    const got = await storeDelivery(
      app.store,
      {
        host: c.host,
        deliveryId: `reconcile:${pr.number}:${pr.headSha}`,
        event: "reconcile",
        workspaceId: c.workspace_id,
        repositoryId: c.repository_id,
        intent: { kind: "pr", number: pr.number, headSha: pr.headSha, fromFork: pr.fromFork, baseRef: pr.baseRef },
      },
      app.now(),
    );
    if (got === "queued") queued++;
  }
  if (queued) wakeDeliveries(app);
  return queued;
}

/** One pass: every due connection with auto-review on, each claimed so only one process does it. */
export async function reconcileDue(app: App, intervalSeconds: number): Promise<number> {
  const now = app.now();
  const cutoff = new Date(now.getTime() - intervalSeconds * 1000).toISOString();
  const due = await app.store.db
    .selectFrom("connections as c")
    .innerJoin("review_policies as p", "p.repository_id", "c.repository_id")
    .selectAll("c")
    .where("p.auto_review", "=", 1)
    .where((eb) => eb.or([eb("c.reconciled_at", "is", null), eb("c.reconciled_at", "<", cutoff)]))
    .orderBy("c.repository_id")
    .limit(50)
    .execute();
  let queued = 0;
  for (const c of due) {
    const claim = await app.store.db
      .updateTable("connections")
      .set({ reconciled_at: now.toISOString() })
      .where("repository_id", "=", c.repository_id)
      .where((eb) => (c.reconciled_at === null ? eb("reconciled_at", "is", null) : eb("reconciled_at", "=", c.reconciled_at)))
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) continue;
    try {
      queued += await reconcileConnection(app, c);
    } catch (err) {
      app.log.warn({ repositoryId: c.repository_id, err: (err as Error).message }, "reconciling a connected repository failed");
    }
  }
  return queued;
}

export function startReconciler(app: App): (() => void) | undefined {
  const seconds = app.config.reconcileIntervalSeconds;
  if (seconds === 0) return undefined;
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    reconcileDue(app, seconds)
      .catch((err: unknown) => app.log.warn({ err }, "reconciliation pass failed"))
      .finally(() => {
        busy = false;
      });
  };
  // Checked every tenth of the interval (at most a minute): a repository is due once per interval.
  const timer = setInterval(tick, Math.min(60_000, (seconds * 1000) / 10));
  timer.unref();
  return () => clearInterval(timer);
}
