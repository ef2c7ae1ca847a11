// `crs review --since REV`: the lines changed in the working tree since REV, per file, relative to
// the reviewed directory.
import { execFile } from "node:child_process";
import { relative, resolve } from "node:path";
import { promisify } from "node:util";
import { AppError } from "../../kernel/errors.ts";

const run = promisify(execFile);

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run("git", args, { cwd, maxBuffer: 256 << 20 });
    return stdout;
  } catch (e) {
    const msg = String((e as { stderr?: string }).stderr ?? (e as Error).message)
      .trim()
      .split("\n")[0];
    throw new AppError("invalid_request", `git ${args[0]} failed: ${msg}`);
  }
}

export type RemovedLines = Map<string, Array<{ after: number; lines: string[] }>>;

/**
 * Changed line ranges (new side, 1-based inclusive) since `rev`, including untracked files; with
 * `removed`, also the lines the change removed, placed after a new-side line (0: before line 1).
 */
export async function changedSince(dir: string, rev: string, removed?: RemovedLines): Promise<Map<string, Array<[number, number]>>> {
  if (rev.startsWith("-")) throw new AppError("invalid_request", "--since must name a revision");
  const top = (await git(dir, ["rev-parse", "--show-toplevel"])).trim();
  const prefix = relative(top, resolve(dir)).replace(/\\/g, "/");
  await git(dir, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
  const diff = await git(top, ["diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames", rev, "--"]);
  const out = new Map<string, Array<[number, number]>>();
  const strip = (p: string) => (prefix ? (p.startsWith(`${prefix}/`) ? p.slice(prefix.length + 1) : null) : p);
  let current: string | null = null;
  // Lines of the current hunk still to come (old side, new side): a body line is never a header,
  // even when its text starts with `+++ ` or `--- `.
  let oldLeft = 0,
    newLeft = 0;
  let group: string[] | null = null;
  for (const line of diff.split("\n")) {
    if (oldLeft > 0 || newLeft > 0) {
      if (line.startsWith("-")) {
        oldLeft--;
        group?.push(line.slice(1));
      } else if (line.startsWith("+")) newLeft--;
      else if (!line.startsWith("\\")) {
        oldLeft = 0;
        newLeft = 0;
      }
      continue;
    }
    if (line.startsWith("+++ ")) {
      const p = line.slice(4);
      current = p === "/dev/null" ? null : strip(p.replace(/^b\//, ""));
      continue;
    }
    const m = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!m) continue;
    oldLeft = m[1] === undefined ? 1 : Number(m[1]);
    const start = Number(m[2]);
    const count = m[3] === undefined ? 1 : Number(m[3]);
    newLeft = count;
    group = null;
    if (current === null) continue;
    if (removed && oldLeft > 0) {
      // With no new lines the hunk's start is the line before the removal; otherwise the removal precedes it.
      group = [];
      const groups = removed.get(current) ?? [];
      groups.push({ after: count === 0 ? start : start - 1, lines: group });
      removed.set(current, groups);
    }
    if (count === 0) continue;
    const list = out.get(current) ?? [];
    list.push([start, start + count - 1]);
    out.set(current, list);
  }
  const untracked = await git(top, ["ls-files", "--others", "--exclude-standard", "-z"]);
  for (const p of untracked.split("\0").filter(Boolean)) {
    const rel = strip(p);
    if (rel !== null) out.set(rel, [[1, Number.MAX_SAFE_INTEGER]]);
  }
  return out;
}
