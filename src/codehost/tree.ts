// The files of a commit, from `git ls-tree -r -l -z`. Names are bytes: they may be any encoding,
// so each entry keeps the raw bytes beside a string form. Submodules, symlinks that leave the
// tree and paths no checkout would write (`..`, `.git`) are left out.
import { isUtf8 } from "node:buffer";
import { posix } from "node:path";
import { AppError } from "../errors.ts";
import type { CatFile } from "./cat-file.ts";
import { runGit } from "./git.ts";

export type EntryKind = "file" | "executable" | "symlink";

export interface TreeEntry {
  /** The path as text. Exact when `utf8` is true; otherwise a display form with U+FFFD that cannot be looked up. */
  path: string;
  /** The path's exact bytes. */
  pathBytes: Buffer;
  utf8: boolean;
  oid: string;
  /** Bytes; -1 when listed without sizes (listing sizes costs ~8x more on large trees). */
  size: number;
  /** Git file mode, e.g. 100644, 100755, 120000. */
  mode: string;
  kind: EntryKind;
}

const maxTreeOutput = 1024 * 1024 * 1024;
const maxSymlinkTarget = 4096;

export async function listTree(gitDir: string, sha: string, cat: CatFile, sizes = true): Promise<TreeEntry[]> {
  const res = await runGit(["ls-tree", "-r", ...(sizes ? ["-l"] : []), "-z", "--full-tree", sha], { gitDir, maxBytes: maxTreeOutput });
  if (res.tooLarge) {
    throw new AppError("internal_error", "The commit's file list is too large to read.", { details: { reason: "tree_too_large" } });
  }
  if (res.code !== 0) {
    throw new AppError("position_unavailable", "The commit is not in the mirror.", { details: { reason: "unknown_commit" } });
  }
  const entries = parseLsTree(res.stdout);
  return dropEscapingSymlinks(entries, cat);
}

export function parseLsTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let pos = 0;
  while (pos < out.length) {
    const tab = out.indexOf(9, pos);
    if (tab < 0) break;
    let end = out.indexOf(0, tab + 1);
    if (end < 0) end = out.length;
    const meta = out.toString("latin1", pos, tab).split(/ +/);
    const pathBytes = Buffer.from(out.subarray(tab + 1, end));
    pos = end + 1;
    const [mode, type, oid, sizeText = "-1"] = meta;
    if (type !== "blob" || !mode || !oid) continue; // gitlinks (submodules) are type "commit"
    const kind: EntryKind = mode === "120000" ? "symlink" : mode === "100755" ? "executable" : "file";
    if (!safePath(pathBytes)) continue;
    const utf8 = isUtf8(pathBytes);
    entries.push({ path: pathBytes.toString("utf8"), pathBytes, utf8, oid, size: Number(sizeText), mode, kind });
  }
  return entries;
}

function safePath(p: Buffer): boolean {
  if (p.length === 0 || p.length > 4096) return false;
  for (const part of p.toString("latin1").split("/")) {
    if (part === "" || part === "." || part === "..") return false;
    if (part.toLowerCase() === ".git") return false;
  }
  return true;
}

/** Symlinks whose target is absolute or climbs out of the tree are dropped; the rest stay. */
async function dropEscapingSymlinks(entries: TreeEntry[], cat: CatFile): Promise<TreeEntry[]> {
  const links = entries.filter((e) => e.kind === "symlink");
  if (links.length === 0) return entries;
  const bad = new Set<TreeEntry>();
  for (let i = 0; i < links.length; i += 1000) {
    const batch = links.slice(i, i + 1000);
    const got = await cat.contents(batch.map((l) => l.oid), maxSymlinkTarget);
    batch.forEach((link, j) => {
      const r = got[j]!;
      if (!("content" in r) || r.content === null || !symlinkStaysInside(link.pathBytes, r.content)) bad.add(link);
    });
  }
  return entries.filter((e) => !bad.has(e));
}

export function symlinkStaysInside(linkPath: Buffer, target: Buffer): boolean {
  const t = target.toString("latin1");
  if (t.length === 0 || t.startsWith("/") || t.includes("\0")) return false;
  const resolved = posix.normalize(posix.join(posix.dirname(linkPath.toString("latin1")), t));
  return resolved !== ".." && !resolved.startsWith("../") && resolved !== "." && !resolved.startsWith("/");
}
