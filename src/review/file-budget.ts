// One file's time: the pattern rules and taint share its budget, the ReDoS judge has one of its own, and
// the secrets scan runs only while the file's own time lasts; apart so the rules of time are read in one place.
import { judgingShare } from "./engines/redos.ts";

export class FileBudget {
  /** When the rules (and taint after them) must stop. */
  readonly deadline: number;
  private readonly ms: number;
  private judgeMs = 0;

  private readonly share: () => number;

  /** `share`: the part of a CPU the ReDoS judge gets on this thread (tests give their own). */
  constructor(ms: number, share: () => number = judgingShare) {
    this.ms = ms;
    this.share = share;
    this.deadline = Date.now() + ms;
  }

  /**
   * The ReDoS judge has twice the file's budget, of its own: one pattern may use the analyser's whole
   * safety net (engines/redos.ts) and leave time for the others, and no pattern goes unjudged because
   * a slow match or a loaded machine used the file's budget first. Its time is not the secrets scan's.
   * Like each pattern's net, that budget is CPU time: on a thread getting a quarter of a CPU it lasts
   * four times as long on the wall, so a loaded machine leaves no pattern unjudged that an idle one judges.
   */
  judge<T>(run: (deadline: number) => T): T {
    const judging = Date.now();
    const out = run(judging + (2 * this.ms) / this.share());
    this.judgeMs = Date.now() - judging;
    return out;
  }

  /** The file's own time (the judge's aside) is spent: the secrets scan is skipped. */
  spent(): boolean {
    return Date.now() - this.judgeMs > this.deadline;
  }
}
