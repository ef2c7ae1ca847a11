// Billable files and lines of a run's content, read from the mirror. A blob's verdict (skipped or
// its line count) depends only on its bytes, so it is cached by object id: an estimate of a large
// repository reads every blob once, and a warm one reads only the tree and the changed blobs.
import type { FileChange, Mirror } from "../../platform/codehost/index.ts";
import { classifyContent, defaultMaxFileBytes, skipByPath } from "../../review/billable.ts";

interface Verdict {
  reviewed: boolean;
  lines: number;
}

const cacheLimit = 400_000;
const verdicts = new Map<string, Verdict>();

function remember(oid: string, v: Verdict): void {
  if (verdicts.size >= cacheLimit) verdicts.delete(verdicts.keys().next().value!);
  verdicts.set(oid, v);
}

export interface Billable {
  files: number;
  lines: number;
}

type Wanted = { path: string; pathBytes: Buffer; oid: string };

/** Verdicts of blobs at `sha`, reading those not cached yet in one stream. */
async function verdictsOf(mirror: Mirror, sha: string, wanted: Wanted[]): Promise<Verdict[]> {
  const missing = wanted.filter((w) => !verdicts.has(w.oid));
  if (missing.length) {
    let i = 0;
    for await (const f of mirror.readFiles(
      sha,
      missing.map((m) => m.pathBytes),
      { maxBytes: defaultMaxFileBytes },
    )) {
      const oid = missing[i++]!.oid;
      if (f.content === null) remember(oid, { reviewed: false, lines: 0 });
      else {
        const c = classifyContent(f.content);
        remember(oid, { reviewed: c.skip === null, lines: c.lines });
      }
    }
  }
  return wanted.map((w) => verdicts.get(w.oid) ?? { reviewed: false, lines: 0 });
}

/** A full review: every reviewable file at `sha` within the scope. */
export async function billableTree(mirror: Mirror, sha: string, inScope: ((p: string) => boolean) | null): Promise<Billable> {
  const entries = await mirror.listTree(sha, { sizes: true });
  const wanted: Wanted[] = [];
  for (const e of entries) {
    if (e.kind === "symlink" || e.size > defaultMaxFileBytes) continue;
    if (skipByPath(e.path) !== null || (inScope && !inScope(e.path))) continue;
    wanted.push({ path: e.path, pathBytes: e.pathBytes, oid: e.oid });
  }
  const vs = await verdictsOf(mirror, sha, wanted);
  let files = 0;
  let lines = 0;
  for (const v of vs)
    if (v.reviewed) {
      files++;
      lines += v.lines;
    }
  return { files, lines };
}

export interface BillableChange extends Billable {
  /** Added lines in reviewable files (what `large` is judged on). */
  changedLines: number;
  /** Hunks with added lines in reviewable files. */
  hunks: number;
  /** Files the change touches at all (any kind, deletions included). */
  touched: number;
}

/** A change review: added lines of the changed reviewable files, plus `context` lines per hunk. */
export async function billableChange(
  mirror: Mirror,
  head: string,
  changes: FileChange[],
  inScope: ((p: string) => boolean) | null,
  context: number,
): Promise<BillableChange> {
  const candidates = changes.filter(
    (c) => c.status !== "deleted" && !c.binary && c.added.length > 0 && skipByPath(c.path) === null && (!inScope || inScope(c.path)),
  );
  const vs = await verdictsOf(
    mirror,
    head,
    candidates.map((c) => ({ path: c.path, pathBytes: c.pathBytes, oid: c.newOid })),
  );
  let files = 0;
  let changedLines = 0;
  let hunks = 0;
  candidates.forEach((c, i) => {
    if (!vs[i]!.reviewed) return;
    files++;
    hunks += c.added.length;
    for (const r of c.added) changedLines += r.end - r.start + 1;
  });
  return { files, changedLines, hunks, lines: changedLines + hunks * context, touched: changes.length };
}
