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
    const msg = String((e as { stderr?: string }).stderr ?? (e as Error).message).trim().split("\n")[0];
    throw new AppError("invalid_request", `git ${args[0]} failed: ${msg}`);
  }
}

/** Changed line ranges (new side, 1-based inclusive) since `rev`, including untracked files. */
export async function changedSince(dir: string, rev: string): Promise<Map<string, Array<[number, number]>>> {
  if (rev.startsWith("-")) throw new AppError("invalid_request", "--since must name a revision");
  const top = (await git(dir, ["rev-parse", "--show-toplevel"])).trim();
  const prefix = relative(top, resolve(dir)).replace(/\\/g, "/");
  await git(dir, ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
  const diff = await git(top, ["diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames", rev, "--"]);
  const out = new Map<string, Array<[number, number]>>();
  const strip = (p: string) => (prefix ? (p.startsWith(`${prefix}/`) ? p.slice(prefix.length + 1) : null) : p);
  let current: string | null = null;
  for (const line of diff.split("\n")) {
    if (line.startsWith("+++ ")) {
      const p = line.slice(4);
      current = p === "/dev/null" ? null : strip(p.replace(/^b\//, ""));
      continue;
    }
    const m = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!m || current === null) continue;
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
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
