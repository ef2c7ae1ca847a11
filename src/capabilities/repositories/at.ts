// The one helper every operation that takes `at` uses (runs, findings, documents): the position
// text → one commit of the repository's mirror. 400 invalid_request for bad syntax; 409
// position_unavailable (details.reason) when it cannot be resolved; the mirror's availability
// errors (availability.ts) when the mirror cannot answer.
import type { MirrorPool } from "../../platform/codehost/index.ts";
import { parseAt, resolvePosition, type ResolvedPosition } from "./positions/index.ts";
import { usableMirror } from "./availability.ts";
import type { RepositoryRow } from "./reference.ts";

/** `ctx` is an operation's context (anything with app.mirrors); `at` defaults to `default`. */
export async function resolveAt(ctx: { app: { mirrors: MirrorPool } }, row: RepositoryRow, at: string | undefined): Promise<ResolvedPosition> {
  const parsed = parseAt(at ?? "default");
  const mirror = usableMirror(ctx.app.mirrors, row);
  return resolvePosition(mirror, parsed, row.default_branch_override);
}
