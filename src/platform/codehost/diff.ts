// The change between two commits: which files changed (with renames) from `git diff --raw -z`, and
// the changed line ranges from the hunk headers of `git diff -U0`, streamed so that a huge change
// never sits in memory as text. Both runs use the same options, so files come in the same order.
import { isUtf8 } from "node:buffer";
import { AppError } from "../../kernel/errors.ts";
import { runGit, spawnGit } from "./git.ts";

export type ChangeStatus = "added" | "modified" | "deleted" | "renamed" | "copied" | "type_changed";

/** Inclusive, 1-based line numbers. */
export interface LineRange {
  start: number;
  end: number;
}

/** Base lines a change removed, and the head line they stood after (0: before line 1). */
export interface RemovedRange extends LineRange {
  after: number;
}

export interface FileChange {
  status: ChangeStatus;
  /** Path at head (for deletions: the removed path). Exact when utf8 is true. */
  path: string;
  pathBytes: Buffer;
  utf8: boolean;
  /** For renames and copies: the path at base. */
  oldPath: string | null;
  oldPathBytes: Buffer | null;
  /** Rename/copy similarity in percent. */
  similarity: number | null;
  oldMode: string;
  newMode: string;
  oldOid: string;
  newOid: string;
  binary: boolean;
  /** Lines added at head. */
  added: LineRange[];
  /** Lines removed from base. */
  removed: RemovedRange[];
}

const statusOf: Record<string, ChangeStatus> = { A: "added", M: "modified", D: "deleted", R: "renamed", C: "copied", T: "type_changed" };
const diffOpts = ["-M", "--no-ext-diff", "--no-textconv", "--no-color", "--ignore-submodules=none", "--diff-algorithm=myers"];
const maxRawOutput = 256 * 1024 * 1024;

export async function diffCommits(gitDir: string, base: string, head: string, signal?: AbortSignal): Promise<FileChange[]> {
  const raw = await runGit(["diff", "--raw", "-z", "--no-abbrev", ...diffOpts, base, head, "--"], { gitDir, maxBytes: maxRawOutput, signal });
  if (raw.code !== 0 || raw.tooLarge) {
    throw new AppError("internal_error", "Comparing the commits failed.", { details: { reason: raw.tooLarge ? "diff_too_large" : "diff_failed" } });
  }
  const files = parseRaw(raw.stdout);
  const hunks = await streamHunks(gitDir, base, head, signal);
  if (hunks.length !== files.length) {
    throw new AppError("internal_error", "Comparing the commits gave inconsistent results.", { details: { reason: "diff_failed" } });
  }
  for (const [i, f] of files.entries()) Object.assign(f, hunks[i]);
  return files.filter((f) => f.oldMode !== "160000" && f.newMode !== "160000");
}

function parseRaw(out: Buffer): FileChange[] {
  const files: FileChange[] = [];
  const fields: Buffer[] = [];
  let pos = 0;
  while (pos < out.length) {
    let end = out.indexOf(0, pos);
    if (end < 0) end = out.length;
    fields.push(out.subarray(pos, end));
    pos = end + 1;
  }
  for (let i = 0; i < fields.length; ) {
    const meta = fields[i++]!.toString("latin1");
    const m = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([AMDRCTUX])(\d*)$/.exec(meta);
    if (!m) break;
    const letter = m[5]!;
    const two = letter === "R" || letter === "C";
    const first = Buffer.from(fields[i++] ?? Buffer.alloc(0));
    const second = two ? Buffer.from(fields[i++] ?? Buffer.alloc(0)) : null;
    const pathBytes = second ?? first;
    files.push({
      status: statusOf[letter] ?? "modified",
      path: pathBytes.toString("utf8"),
      pathBytes,
      utf8: isUtf8(pathBytes),
      oldPath: second ? first.toString("utf8") : null,
      oldPathBytes: second ? first : null,
      similarity: two && m[6] ? Number(m[6]) : null,
      oldMode: m[1]!,
      newMode: m[2]!,
      oldOid: m[3]!,
      newOid: m[4]!,
      binary: false,
      added: [],
      removed: [],
    });
  }
  return files;
}

type Hunks = Pick<FileChange, "binary" | "added" | "removed">;

function streamHunks(gitDir: string, base: string, head: string, signal?: AbortSignal): Promise<Hunks[]> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(["diff", "-U0", ...diffOpts, base, head, "--"], { gitDir });
    const onAbort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", onAbort, { once: true });
    const files: Hunks[] = [];
    // Only a line's first bytes matter (headers); the rest of a long line is dropped unread.
    let prefix = "";
    const onLine = (line: string) => {
      if (line.startsWith("diff --git ")) files.push({ binary: false, added: [], removed: [] });
      const cur = files[files.length - 1];
      if (!cur) return;
      if (line.startsWith("Binary files ")) cur.binary = true;
      const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!h) return;
      const oldCount = h[2] === undefined ? 1 : Number(h[2]);
      const newCount = h[4] === undefined ? 1 : Number(h[4]);
      // With no new lines the hunk's head start is the line before the removal; otherwise the removal precedes it.
      const after = newCount === 0 ? Number(h[3]) : Number(h[3]) - 1;
      if (oldCount > 0) cur.removed.push({ start: Number(h[1]), end: Number(h[1]) + oldCount - 1, after });
      if (newCount > 0) cur.added.push({ start: Number(h[3]), end: Number(h[3]) + newCount - 1 });
    };
    child.stdout!.on("data", (chunk: Buffer) => {
      let pos = 0;
      while (pos < chunk.length) {
        const nl = chunk.indexOf(10, pos);
        const stop = nl < 0 ? chunk.length : nl;
        if (prefix.length < 200) prefix += chunk.toString("latin1", pos, Math.min(stop, pos + 200 - prefix.length));
        if (nl < 0) break;
        onLine(prefix);
        prefix = "";
        pos = nl + 1;
      }
    });
    child.stderr!.resume();
    child.stdin!.end();
    child.on("error", reject);
    child.on("close", (code) => {
      signal?.removeEventListener("abort", onAbort);
      if (prefix) onLine(prefix);
      if (code !== 0) reject(new AppError("internal_error", "Comparing the commits failed.", { details: { reason: "diff_failed" } }));
      else resolve(files);
    });
  });
}
