// The normalised form of a run request, hashed for quotes (what was priced) and, with the start's
// own fields, for idempotency (what was asked).
import { canonicalJson, sha256 } from "./quote.ts";
import type { ResolvedRun } from "./resolve.ts";
import type { RunRequest } from "./types.ts";

/** Repositories by id, defaults spelled out, sets sorted: two requests for the same run hash alike. */
export function requestHash(req: RunRequest, r: ResolvedRun): string {
  const change =
    req.change === undefined
      ? null
      : "pr" in req.change
        ? { pr: req.change.pr }
        : { branch: req.change.branch, since: req.change.since?.toLowerCase() ?? null };
  return sha256(
    canonicalJson({
      repository: r.repository.id,
      at: change ? null : (req.at ?? "default"),
      change,
      focuses: [...new Set(req.focuses ?? [])].sort(),
      scope: req.scope ?? [],
      repositories: r.targets.slice(1).map((t, i) => ({ id: t.repository.id, at: req.repositories?.[i]?.at ?? "default" })),
      steering: req.steering ?? "",
      documents: r.documents,
      // Only when given, so requests without the switch hash as before.
      ...(req.model === false ? { model: false } : {}),
    }),
  );
}

/** The whole body as sent (Idempotency-Key compares requests, not prices). */
export function bodyHash(body: Record<string, unknown>): string {
  return sha256(canonicalJson(body));
}
