// The commit one branch of a mirror points at, read from the ref files without starting git: what a
// position at a default branch head needs, where listing every ref (`git for-each-ref`, a process
// per repository) is what a cold organization-wide inbox spent its time on. Anything unusual (a
// reftable store, a symbolic ref, an odd name, an unreadable file) answers null: the caller lists
// the refs with git as before.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const sha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** The branch HEAD names (ref: refs/heads/<name>), or null. */
export function headBranch(gitDir: string): string | null {
  try {
    const m = /^ref: refs\/heads\/(.+)$/.exec(readFileSync(join(gitDir, "HEAD"), "utf8").trim());
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}

/** A name git would accept as a branch and that stays inside refs/heads (no .., no leading /, no control bytes). */
function plainName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.startsWith("/") &&
    !name.endsWith("/") &&
    !name.includes("..") &&
    !name.includes("//") &&
    !/[\0-\x20\x7f\\]/.test(name)
  );
}

/**
 * The commit `refs/heads/<name>` points at: the loose ref file if there is one (git writes it by
 * renaming a lock file, so it is whole), else its line in packed-refs; null when neither says
 * plainly. Git stores only commits under refs/heads (it refuses to write anything else there).
 */
export function branchTip(gitDir: string, name: string): string | null {
  if (!plainName(name) || existsSync(join(gitDir, "reftable"))) return null;
  const ref = `refs/heads/${name}`;
  try {
    const loose = readFileSync(join(gitDir, ref), "utf8").trim();
    return sha.test(loose) ? loose : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return null;
  }
  let packed: string;
  try {
    packed = readFileSync(join(gitDir, "packed-refs"), "utf8");
  } catch {
    return null;
  }
  const suffix = ` ${ref}`;
  for (const line of packed.split("\n")) {
    if (!line.endsWith(suffix)) continue;
    const oid = line.slice(0, line.length - suffix.length);
    return sha.test(oid) ? oid : null;
  }
  return null;
}
