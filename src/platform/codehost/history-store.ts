// First-parent histories kept on disk in the mirror (`crs-history/<sha>-<max>`): a commit's history
// never changes, so a process started later reads it from a file instead of starting `git rev-list`
// (a cold organization-wide inbox needs one per repository). Written whole (temporary file, then
// rename); the newest few are kept; any doubt (missing, unreadable, another commit's) is a miss.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dirName = "crs-history";
/** Histories kept per mirror: the default head and a few others read lately. */
const kept = 16;

const fileOf = (gitDir: string, sha: string, max: number) => join(gitDir, dirName, `${sha}-${max}`);

/** The stored history of `sha` (newest first, at most `max`), or null. `sha` is a full hex sha. */
export function storedHistory(gitDir: string, sha: string, max: number): string[] | null {
  let text: string;
  try {
    text = readFileSync(fileOf(gitDir, sha, max), "latin1");
  } catch {
    return null;
  }
  const list = text.split("\n").filter(Boolean);
  return list[0] === sha ? list : null;
}

/** Keeps a history for later processes; best effort (a read-only or full disk only costs the next process a git run). */
export function storeHistory(gitDir: string, sha: string, max: number, list: string[]): void {
  try {
    const dir = join(gitDir, dirName);
    mkdirSync(dir, { recursive: true });
    const file = fileOf(gitDir, sha, max);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${list.join("\n")}\n`, "latin1");
    renameSync(tmp, file);
    const names = readdirSync(dir).filter((n) => !n.endsWith(".tmp"));
    if (names.length <= kept) return;
    const byAge = names.map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const { n } of byAge.slice(kept)) if (join(dir, n) !== file) rmSync(join(dir, n), { force: true });
  } catch {
    // Only a cache.
  }
}
