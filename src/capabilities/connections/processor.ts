// The delivery worker: claims stored webhook deliveries with a lease (several processes share the
// queue; one delivery per repository at a time) and acts on them. A push requests a mirror sync; a
// pull request event syncs now, then starts the automatic review the policy asks for. A delivery
// whose pull request has a later delivery waiting (or handled) is done as superseded: the later one
// does the work. A failed attempt is retried on its own with backoff.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { App } from "../../kernel/app.ts";
import { requestSync, syncAndWait } from "../repositories/index.ts";
import { reviewPullRequest } from "./automatic.ts";
import { connectionRow } from "./connections.ts";
import {
  claimDelivery,
  type DeliveryRow,
  finishDelivery,
  maxDeliveryAttempts,
  renewDelivery,
  retryDelaysMs,
  retryDelivery,
  supersededBy,
} from "./deliveries.ts";
import type { Intent } from "./events.ts";
import { readPolicy } from "./policy.ts";

const leaseMs = 60_000;
const wakers = new WeakMap<App, () => void>();

/** Looks for deliveries now in this process's processor, if it runs one. */
export function wakeDeliveries(app: App): void {
  wakers.get(app)?.();
}

type Result = { state: "done" | "ignored" | "failed"; outcome: string };

async function act(app: App, d: DeliveryRow): Promise<Result> {
  const intent = JSON.parse(d.payload) as Intent;
  const c = await connectionRow(app.store, d.workspace_id, d.repository_id);
  if (!c) return { state: "ignored", outcome: "the repository is no longer connected" };
  if (intent.kind === "push") {
    await requestSync(app, d.workspace_id, { id: d.repository_id });
    return { state: "done", outcome: "mirror sync requested" };
  }
  const later = await supersededBy(app.store, d, intent.number);
  if (later) return { state: "done", outcome: `superseded by delivery ${later}` };
  const synced = await syncAndWait(app, d.repository_id);
  if (synced.status === "failed") return { state: "failed", outcome: `mirror sync failed: ${synced.reason}` };
  if (synced.status === "gone") return { state: "ignored", outcome: "the repository was removed" };
  const policy = await readPolicy(app.store, d.workspace_id, d.repository_id);
  const got = await reviewPullRequest(app, c, policy, intent);
  if (got.status === "started") {
    const cancelled = got.superseded.length ? `; cancelled superseded run${got.superseded.length > 1 ? "s" : ""} ${got.superseded.join(", ")}` : "";
    return { state: "done", outcome: `run ${got.runId} started${cancelled}` };
  }
  if (got.status === "unpaid") return { state: "done", outcome: `review not started (${got.reason}): ${got.message}` };
  return { state: "done", outcome: `no review: ${got.reason}` };
}

/**
 * Records an attempt's result. A failed one is queued again after its backoff (the lease loop below
 * picks it up when due, with no redelivery needed) until the last attempt, which fails for good.
 */
async function settle(app: App, d: DeliveryRow, owner: string, result: Result): Promise<void> {
  const now = app.now();
  if (result.state === "failed" && d.attempts < maxDeliveryAttempts) {
    const wait = retryDelaysMs[Math.max(0, d.attempts - 1)] ?? retryDelaysMs[retryDelaysMs.length - 1]!;
    const next = new Date(now.getTime() + wait);
    const outcome = `attempt ${d.attempts} of ${maxDeliveryAttempts} failed, next at ${next.toISOString()}: ${result.outcome}`;
    await retryDelivery(app.store, d.id, owner, outcome, next);
    return;
  }
  const outcome = result.state === "failed" ? `failed after ${d.attempts} attempts: ${result.outcome}` : result.outcome;
  await finishDelivery(app.store, d.id, owner, result.state, outcome, now);
}

export interface ProcessorOptions {
  concurrency?: number;
  pollMs?: number;
}

/** Starts the processor; the stopper waits for deliveries under way. */
export function startDeliveryProcessor(app: App, opts: ProcessorOptions = {}): () => Promise<void> {
  const concurrency = opts.concurrency ?? 4;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let claiming = false;
  let again = false;

  const one = async (d: DeliveryRow) => {
    const renew = setInterval(() => void renewDelivery(app.store, d.id, owner, leaseMs, app.now()).catch(() => {}), leaseMs / 3);
    renew.unref();
    let result: Result;
    try {
      result = await act(app, d);
    } catch (err) {
      app.log.warn({ err, delivery: d.id, repositoryId: d.repository_id }, "webhook delivery failed");
      result = { state: "failed", outcome: `failed: ${err instanceof Error ? err.message : String(err)}` };
    } finally {
      clearInterval(renew);
    }
    await settle(app, d, owner, result);
  };

  const fill = async () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        while (!stopped && running.size < concurrency) {
          const d = await claimDelivery(app.store, owner, leaseMs, app.now());
          if (!d) break;
          const p: Promise<void> = one(d)
            .catch((err) => app.log.error({ err, delivery: d.id }, "recording a webhook delivery's outcome failed"))
            .finally(() => {
              running.delete(p);
              void fill();
            });
          running.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      app.log.warn({ err }, "webhook processor could not claim a delivery");
    } finally {
      claiming = false;
    }
  };
  wakers.set(app, () => void fill());
  const timer = setInterval(() => void fill(), opts.pollMs ?? app.config.worker.pollMs);
  timer.unref();
  void fill();
  return async () => {
    stopped = true;
    clearInterval(timer);
    wakers.delete(app);
    await Promise.all(running);
    while (claiming) await new Promise((r) => setTimeout(r, 10));
  };
}
