// A change review shows the model what the change removed, where it was: a deleted authorization
// check is often the finding. The removed lines are read from the base commit; files the change
// only removed lines from are reviewed too (the model stage reads them at the head).
import type { MirrorPool } from "../../../../platform/codehost/index.ts";
import type { TargetPlan } from "./checkout.ts";

export type RemovedLines = Map<string, Array<{ after: number; lines: string[] }>>;

export async function removedLines(mirrors: MirrorPool, plan: TargetPlan): Promise<{ removed: RemovedLines; onlyRemoved: Buffer[] }> {
  const removed: RemovedLines = new Map();
  const files = plan.removed?.files;
  if (!plan.removed || !files?.size) return { removed, onlyRemoved: [] };
  const byBase = new Map([...files].map(([path, f]) => [f.basePathBytes.toString("latin1"), { path, ranges: f.ranges }]));
  for await (const f of mirrors.get(plan.repositoryId).readFiles(
    plan.removed.base,
    [...files.values()].map((x) => x.basePathBytes),
  )) {
    const at = byBase.get(f.pathBytes.toString("latin1"));
    if (!at || f.content === null) continue;
    const lines = f.content
      .toString("utf8")
      .split("\n")
      .map((l) => l.replace(/\r$/, ""));
    removed.set(
      at.path,
      at.ranges.map((r) => ({ after: r.after, lines: lines.slice(r.start - 1, r.end) })),
    );
  }
  const inPlan = new Set(plan.paths.map((p) => p.toString("latin1")));
  const onlyRemoved = [...files.values()].map((f) => f.pathBytes).filter((p) => !inPlan.has(p.toString("latin1")));
  return { removed, onlyRemoved };
}
