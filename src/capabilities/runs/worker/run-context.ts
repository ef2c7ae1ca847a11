// What one run's execution carries between its stages: the claimed row, the lease it renews in the
// background, and the only ways it writes the run (always naming itself as the lease owner).
import type { App } from "../../../kernel/app.ts";
import type { RunRow, Stage, StageName, StageState } from "../view.ts";
import { leaseState, LeaseLost, renewLease, writeRun } from "../queue.ts";

export class Cancelled extends Error {
  constructor() {
    super("cancellation requested");
  }
}

export class RunContext {
  readonly app: App;
  readonly owner: string;
  row: RunRow;
  stages: Stage[];
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private lost = false;
  private cancelAsked = false;
  private lastCancelRead = 0;
  private lastProgressWrite = 0;

  constructor(app: App, owner: string, row: RunRow) {
    this.app = app;
    this.owner = owner;
    this.row = row;
    this.stages = JSON.parse(row.stages_json) as Stage[];
    this.leaseMs = app.config.worker.leaseSeconds * 1000;
    this.cancelAsked = row.cancel_requested_at !== null;
  }

  /** Renews the lease every third of its length until stop(). */
  start(): void {
    this.timer = setInterval(
      () => {
        renewLease(this.app.store, this.row.id, this.owner, this.leaseMs, this.app.now())
          .then((r) => {
            if (!r.held) this.lost = true;
            if (r.cancelRequested) this.cancelAsked = true;
          })
          .catch((err) => this.app.log.warn({ err, run: this.row.id }, "run lease renewal failed"));
      },
      Math.max(200, Math.floor(this.leaseMs / 3)),
    );
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Throws at a checkpoint when the run was cancelled or the lease was lost (reads the row at most every 250 ms). */
  async checkpoint(force = false): Promise<void> {
    if (this.lost) throw new LeaseLost(this.row.id);
    const now = Date.now();
    if (!this.cancelAsked && (force || now - this.lastCancelRead > 250)) {
      this.lastCancelRead = now;
      const r = await leaseState(this.app.store, this.row.id, this.owner);
      if (!r.held) throw new LeaseLost(this.row.id);
      if (r.cancelRequested) this.cancelAsked = true;
    }
    if (this.cancelAsked) throw new Cancelled();
  }

  get cancelRequested(): boolean {
    return this.cancelAsked;
  }

  stage(name: StageName): Stage {
    return this.stages.find((s) => s.name === name)!;
  }

  /**
   * This attempt redoes `from` and every later stage: what a dead worker left of them (a stage still
   * in progress, its progress and times) is cleared, so the stages describe the attempt that runs.
   */
  async beginAttempt(from: StageName): Promise<void> {
    const first = this.stages.findIndex((s) => s.name === from);
    const stale = this.stages.slice(first).filter((s) => s.state !== "pending" || s.startedAt !== null || s.progress !== null);
    if (stale.length === 0) return;
    for (const s of stale) Object.assign(s, { state: "pending", startedAt: null, endedAt: null, progress: null, reason: null });
    await this.write({ stages_json: JSON.stringify(this.stages) });
  }

  /** Moves a stage (and the run's state) on; one write, refused when the lease is gone. */
  async setStage(
    name: StageName,
    state: StageState,
    runState?: string,
    extra: Partial<Pick<Stage, "progress" | "reason">> = {},
    row: Record<string, unknown> = {},
  ): Promise<void> {
    const s = this.stage(name);
    const at = this.app.now().toISOString();
    if (state === "in_progress") s.startedAt ??= at;
    if (state !== "in_progress" && state !== "pending") s.endedAt = at;
    s.state = state;
    Object.assign(s, extra);
    await this.write({ ...row, stages_json: JSON.stringify(this.stages), ...(runState ? { state: runState } : {}) });
  }

  /** Progress of the running stage: written at most twice a second, and always when `final`. */
  async progress(name: StageName, done: number, total: number, final = false, row: Record<string, unknown> = {}): Promise<void> {
    this.stage(name).progress = { done, total };
    const now = Date.now();
    if (!final && now - this.lastProgressWrite < 500) return;
    this.lastProgressWrite = now;
    await this.write({ ...row, stages_json: JSON.stringify(this.stages) });
  }

  async write(patch: Record<string, unknown>): Promise<void> {
    this.row = await writeRun(this.app.store, this.row.id, this.owner, patch);
  }
}
