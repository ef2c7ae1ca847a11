// The ReDoS analyser's safety net as a limit on the judging thread's CPU time, so that a verdict
// depends on the pattern and not on the machine's load. recheck only knows a wall-clock timeout: it
// gets the limit divided by the share of a CPU this thread has been getting, and a time-out is
// classified afterwards by the CPU the thread really used. Only one that used (nearly) the whole
// limit is the pattern's; one starved of CPU (or of the caller's budget) is the machine's, and is
// never recorded as a time-out in the verdict store (redos-cache.ts).
//
// Cost on a loaded machine: the first attempt's wall time is at most the limit times 8 (the smallest
// share believed) and a starved pattern is tried once more, with the share that attempt measured;
// both stay within the caller's budget (file-budget.ts: twice the file's, stretched on the wall by
// the same share, so a file's judging spends no more CPU than on an idle machine). A pattern starved here is not tried again in this thread for a
// while (`holdMs`), so files that repeat it do not each spend their budget on it; one that only ran
// out of the caller's budget is tried again by the next file, as before. Unloaded (share
// 0.9 or more) the wall timeout is the limit itself, as before this net measured CPU.

/** Milliseconds on the wall clock and of this thread's CPU time; tests give their own. */
export interface Clocks {
  wall(): number;
  cpu(): number;
}

const threadClocks: Clocks = {
  wall: () => performance.now(),
  cpu: () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  },
};

/**
 * judged: the check finished; timeout: it used the CPU limit (the pattern's own answer); starved: it ran
 * out of wall time first (the machine's load or the caller's budget); held: starved here a moment ago.
 */
export type Outcome = "judged" | "timeout" | "starved" | "held";

/** At this share of the limit used, a time-out is the pattern's: the remainder is measurement slack. */
const realTimeout = 0.9;
/** Judgments the share is measured over, and the shortest that counts (shorter ones are mostly noise). */
const window = 8;
const minSampleMs = 50;
/** How long a starved pattern is left unjudged in this thread (memory only: the store never hears of it). */
export const holdMs = 60_000;

/** A measured share of the CPU, clamped to [1/8, 1]; 0.9 or more is taken as the whole CPU. */
function clamp(share: number): number {
  if (!(share < realTimeout)) return 1;
  return Math.max(1 / 8, share);
}

export class CpuNet {
  private readonly samples: { cpu: number; wall: number }[] = [];
  private readonly held = new Map<string, number>();

  private readonly clocks: Clocks;

  constructor(clocks: Clocks = threadClocks) {
    this.clocks = clocks;
  }

  /** The share of a CPU this thread got over its recent judgments (1 before any). */
  share(): number {
    const wall = this.samples.reduce((n, s) => n + s.wall, 0);
    return wall > 0 ? clamp(this.samples.reduce((n, s) => n + s.cpu, 0) / wall) : 1;
  }

  /** Runs `work` (recheck's first call, compiling it) to measure this thread's share before any pattern. */
  measure(work: () => void): void {
    const wall0 = this.clocks.wall();
    const cpu0 = this.clocks.cpu();
    work();
    this.note(this.clocks.cpu() - cpu0, this.clocks.wall() - wall0);
  }

  private note(cpu: number, wall: number): void {
    if (wall < minSampleMs) return;
    this.samples.push({ cpu, wall });
    if (this.samples.length > window) this.samples.shift();
  }

  /**
   * Runs `check` (given a wall timeout in ms) for pattern `key` under a CPU limit of `limitMs`,
   * within `budgetMs` of wall time; `ranOut` says whether its result is a time-out.
   */
  run<T>(key: string, limitMs: number, budgetMs: number, check: (timeoutMs: number) => T, ranOut: (result: T) => boolean): { result?: T; outcome: Outcome } {
    const start = this.clocks.wall();
    if ((this.held.get(key) ?? -Infinity) > start) return { outcome: "held" };
    this.held.delete(key);
    // Whole milliseconds: recheck refuses a fractional timeout (and one of 0 times out at once).
    let timeout = Math.floor(Math.min(limitMs / this.share(), budgetMs));
    for (let attempt = 0; ; attempt++) {
      const wall0 = this.clocks.wall();
      const cpu0 = this.clocks.cpu();
      const result = check(timeout);
      const wall = this.clocks.wall() - wall0;
      const cpu = this.clocks.cpu() - cpu0;
      this.note(cpu, wall);
      if (!ranOut(result)) return { result, outcome: "judged" };
      if (cpu >= realTimeout * limitMs) return { result, outcome: "timeout" };
      const left = budgetMs - (this.clocks.wall() - start);
      const share = clamp(wall > 0 ? cpu / wall : 1);
      if (attempt > 0 || left <= 0) {
        // Starved of CPU, not merely of this file's budget (a later file may have enough): held.
        if (share < 1) this.held.set(key, this.clocks.wall() + holdMs);
        if (this.held.size > 1000) this.held.delete(this.held.keys().next().value!);
        return { result, outcome: "starved" };
      }
      // Once more, at the share this attempt got: recheck starts over, so it needs the whole limit.
      timeout = Math.floor(Math.min(limitMs / share, left));
    }
  }
}
