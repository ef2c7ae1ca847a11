// estimate_run: resolve and price a request, and sign a quote for exactly that.
import { balanceCents } from "./ledger.ts";
import { contentOf, modelOf, quoteTtlSeconds, signQuote } from "./quote.ts";
import { requestHash } from "./request.ts";
import { resolveRun, type ResolveDeps } from "./resolve.ts";
import type { RunRequest } from "./types.ts";

export interface RunDeps extends ResolveDeps {
  secret: Buffer;
  now(): Date;
}

export async function estimateRun(deps: RunDeps, workspaceId: number, req: RunRequest) {
  const r = await resolveRun(deps, workspaceId, req, true);
  const now = deps.now();
  const expires = Math.floor(now.getTime() / 1000) + quoteTtlSeconds;
  const quote = signQuote(deps.secret, { v: 1, w: workspaceId, h: requestHash(req, r), ...contentOf(r), m: modelOf(r), p: r.priceCents!, e: expires });
  return {
    kind: r.kind,
    priceCents: r.priceCents!,
    balanceCents: await balanceCents(deps.store.db, workspaceId),
    targets: r.targets,
    focusRevisions: r.focuses,
    change: r.change,
    model: r.model ? { lines: r.model.lines, priceCents: r.model.cents } : null,
    quote,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}
