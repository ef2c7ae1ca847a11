// recheck's verdicts kept across processes: a fresh `crs review` (or a run's worker) would judge the
// same patterns again, about 2-3 s of CPU on a large JavaScript tree, most of it on patterns that end
// unknown at the time limit. One JSON line per verdict, appended as it is reached (an append of one
// short line is whole even with several processes writing); keys carry recheck's version and the
// bounds on what it judges (redos.ts), so a newer analyser or other bounds judge afresh. A time-out
// (the safety net) can be the machine's load rather than the pattern: it settles as "not judged"
// only after several processes met it.
import { appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";

type Stored = { complexity: string; quadratic: boolean; attack?: string } | null;

/** Past this size the file starts over: patterns of old trees are not kept forever. */
const maxBytes = 4 << 20;
/** Time-outs of one pattern (in as many processes) after which it is kept as not judged. */
export const timeoutsToSettle = 3;

/** `CRS_CACHE_DIR`, else `$XDG_CACHE_HOME/crs`, else `~/.cache/crs`; `CRS_CACHE_DIR=off` keeps verdicts in memory only. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CRS_CACHE_DIR === "off") return null;
  if (env.CRS_CACHE_DIR) return env.CRS_CACHE_DIR;
  const home = env.XDG_CACHE_HOME || (homedir() ? join(homedir(), ".cache") : "");
  return home ? join(home, "crs") : null;
}

let version: string | null = null;
const recheckVersion = (): string => (version ??= (createRequire(import.meta.url)("recheck/package.json") as { version: string }).version);

export class VerdictStore {
  private entries: Map<string, Stored> | null = null;
  private readonly timeouts = new Map<string, number>();
  private readonly file: string | null;
  private writable = true;

  constructor(dir: string | null = cacheDir()) {
    this.file = dir ? join(dir, "redos-verdicts.jsonl") : null;
  }

  /** The key of a pattern judged with these flags within these bounds (checker and shape limits). */
  static key(source: string, flags: string, bounds: string): string {
    return `3|${recheckVersion()}|${bounds}|${flags}/${source}`;
  }

  get(key: string): Stored | undefined {
    return this.load().get(key);
  }

  /** `timedOut`: the analyser ran out of time on the pattern (the verdict is null, for now). */
  set(key: string, verdict: Stored, timedOut = false): void {
    const entries = this.load();
    if (entries.has(key)) return;
    if (timedOut) this.timedOut(key);
    else entries.set(key, verdict);
    if (!this.file || !this.writable) return;
    try {
      appendFileSync(this.file, `${JSON.stringify(timedOut ? [key, null, "timeout"] : [key, verdict])}\n`);
    } catch {
      this.writable = false; // a read-only home or a full disk: verdicts stay in memory
    }
  }

  private load(): Map<string, Stored> {
    if (this.entries) return this.entries;
    this.entries = new Map();
    if (!this.file) return this.entries;
    try {
      mkdirSync(join(this.file, ".."), { recursive: true });
      const size = statSync(this.file, { throwIfNoEntry: false })?.size;
      if (size === undefined) return this.entries;
      if (size > maxBytes) writeFileSync(this.file, "");
      for (const line of readFileSync(this.file, "utf8").split("\n")) {
        if (!line) continue;
        try {
          const [key, verdict, note] = JSON.parse(line) as [unknown, unknown, unknown];
          if (typeof key !== "string" || !isVerdict(verdict)) continue;
          if (note === "timeout") this.timedOut(key);
          else this.entries.set(key, verdict);
        } catch {
          // a torn or foreign line is skipped, the rest still counts
        }
      }
    } catch {
      this.writable = false;
    }
    return this.entries;
  }

  private timedOut(key: string): void {
    const n = (this.timeouts.get(key) ?? 0) + 1;
    this.timeouts.set(key, n);
    if (n >= timeoutsToSettle && !this.entries!.has(key)) this.entries!.set(key, null);
  }
}

function isVerdict(v: unknown): v is Stored {
  if (v === null) return true;
  if (typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return typeof o.complexity === "string" && typeof o.quadratic === "boolean" && (o.attack === undefined || typeof o.attack === "string");
}
