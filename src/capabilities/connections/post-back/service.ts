// The post-back worker service: every poll (CRS_WORKER_POLL_MS, like the run worker) it queues jobs
// for newly completed pull-request reviews and works through the due ones. A failure is retried
// with backoff and shown on the run; it never changes the run itself.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { App } from "../../../kernel/app.ts";
import type { Service } from "../../../kernel/capability.ts";
import { HostRefusedError } from "../../../platform/codehost/hosts/index.ts";
import { loadConnection, loadPolicy } from "../index.ts";
import { discoverJobs } from "./discover.ts";
import { claimJob, defaultBackoffMs, finishJob, type JobEnd } from "./jobs.ts";
import { type PostBackDeps, PostBackGiveUp, postRun } from "./post.ts";

export interface PostBackOptions extends Partial<PostBackDeps> {
  pollMs?: number;
  backoffMs?(attempts: number): number;
}

function describe(err: unknown): JobEnd {
  if (err instanceof PostBackGiveUp) return { ok: false, commentUrl: null, error: err.message, retryable: false };
  // A host's 400/422 is our request's fault: the same request will be refused again.
  if (err instanceof HostRefusedError && err.reason === "rejected") return { ok: false, commentUrl: null, error: err.message, retryable: false };
  const message = err instanceof Error ? err.message : String(err);
  return { ok: false, commentUrl: null, error: message, retryable: true };
}

/** Queues what completed since the last pass and posts every due job; returns how many it handled. */
async function postBackPass(app: App, owner: string, cursor: { value: number }, opts: PostBackOptions = {}): Promise<number> {
  await discoverJobs(app, cursor);
  const deps: PostBackDeps = { loadConnection: opts.loadConnection ?? loadConnection, loadPolicy: opts.loadPolicy ?? loadPolicy, client: opts.client };
  let handled = 0;
  for (;;) {
    const job = await claimJob(app, owner);
    if (!job) return handled;
    let end: JobEnd;
    try {
      const { outcome, commentUrl } = await postRun(app, job, deps);
      end = { ok: true, outcome, commentUrl, error: null, retryable: false };
    } catch (err) {
      end = describe(err);
      app.log.warn({ runId: job.run_id, pr: job.pr, attempt: job.attempts, err: end.error }, "post-back to the code host failed");
    }
    await finishJob(app, job, owner, end, opts.backoffMs ?? defaultBackoffMs);
    handled += 1;
  }
}

/** The background service (a worker service of the connections manifest). */
export function postBackService(opts: PostBackOptions = {}): Service {
  return (app) => {
    const owner = `${hostname()}:${process.pid}:post-back:${randomBytes(4).toString("hex")}`;
    const cursor = { value: 0 };
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let current: Promise<unknown> = Promise.resolve();
    const tick = () => {
      current = postBackPass(app, owner, cursor, opts)
        .catch((err: unknown) => app.log.error({ err }, "post-back pass failed"))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, opts.pollMs ?? app.config.worker.pollMs);
        });
    };
    timer = setTimeout(tick, 0);
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    };
  };
}
