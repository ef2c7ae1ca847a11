// Where a line of the base is at the head of a change, from the diff's hunks: an unchanged line
// keeps its rank among the unchanged lines, so it moves by the lines added and removed before it.
import type { FileChange, LineRange } from "../../platform/codehost/index.ts";

const size = (r: LineRange) => r.end - r.start + 1;

/** The head line of base line `line`, or null when the change removed (deleted or modified) it. */
export function mapLine(change: Pick<FileChange, "added" | "removed">, line: number): number | null {
  let removedBefore = 0;
  for (const r of change.removed) {
    if (r.start > line) break;
    if (r.end >= line) return null;
    removedBefore += size(r);
  }
  let head = line - removedBefore;
  for (const r of change.added) {
    if (r.start > head) break;
    head += size(r);
  }
  return head;
}

export interface Place {
  path: string;
  startLine: number;
  endLine: number;
}

/**
 * A base location at the head: null when the change removed every line of it (or the file), else
 * its surviving lines mapped (a renamed file gives its new path).
 */
export function mapLocation(changes: Map<string, FileChange>, loc: Place): Place | null {
  const c = changes.get(loc.path);
  if (!c) return loc;
  if (c.status === "deleted") return null;
  const lines: number[] = [];
  for (let l = loc.startLine; l <= loc.endLine; l++) {
    const m = mapLine(c, l);
    if (m !== null) lines.push(m);
  }
  if (!lines.length) return null;
  return { path: c.path, startLine: lines[0]!, endLine: lines.at(-1)! };
}

/** The diff's files by their path at the base. */
export function byBasePath(diff: FileChange[]): Map<string, FileChange> {
  return new Map(diff.filter((c) => c.status !== "added" && c.status !== "copied").map((c) => [c.oldPath ?? c.path, c]));
}
