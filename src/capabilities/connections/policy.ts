// The per-repository review policy: whether pull requests are reviewed automatically, forks,
// focuses, what one run and one day may cost, inline comments and the severity that fails the check.
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { defaultPolicy, type ReviewPolicy, severities, type Severity } from "./types.ts";

const maxInlineComments = 100;
const maxCents = 1_000_000_000;

type Row = {
  auto_review: number;
  forks: number;
  focuses_json: string;
  max_run_price_cents: number | null;
  daily_cap_cents: number | null;
  inline_comments: number;
  fail_at_severity: string;
};

function fromRow(r: Row): ReviewPolicy {
  return {
    autoReview: r.auto_review === 1,
    forks: r.forks === 1,
    focuses: JSON.parse(r.focuses_json) as string[],
    maxRunPriceCents: r.max_run_price_cents,
    dailyCapCents: r.daily_cap_cents,
    inlineComments: r.inline_comments,
    failAtSeverity: (severities as readonly string[]).includes(r.fail_at_severity) ? (r.fail_at_severity as Severity) : "high",
  };
}

export async function readPolicy(store: Store, workspaceId: number, repositoryId: number): Promise<ReviewPolicy> {
  const row = await store.db
    .selectFrom("review_policies")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "=", repositoryId)
    .executeTakeFirst();
  return row ? fromRow(row) : { ...defaultPolicy, focuses: [] };
}

function checkCents(v: number | null | undefined, field: string): void {
  if (v !== null && v !== undefined && (!Number.isSafeInteger(v) || v < 0 || v > maxCents)) {
    throw invalidField(field, `A whole number of cents from 0 to ${maxCents}, or none.`);
  }
}

/** Validates a change to the policy (400 invalid_request on the first bad field). */
function checkPolicyChange(change: Partial<ReviewPolicy>): void {
  checkCents(change.maxRunPriceCents, "maxRunPriceCents");
  checkCents(change.dailyCapCents, "dailyCapCents");
  if (
    change.inlineComments !== undefined &&
    (!Number.isInteger(change.inlineComments) || change.inlineComments < 0 || change.inlineComments > maxInlineComments)
  ) {
    throw invalidField("inlineComments", `From 0 to ${maxInlineComments}.`);
  }
  if (change.failAtSeverity !== undefined && !(severities as readonly string[]).includes(change.failAtSeverity)) {
    throw invalidField("failAtSeverity", `One of ${severities.join(", ")}.`);
  }
  if (change.focuses !== undefined) {
    if (change.focuses.length > 20) throw invalidField("focuses", "At most 20 focuses.");
    for (const f of change.focuses) if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(f)) throw invalidField("focuses", `"${f.slice(0, 80)}" is not a focus slug.`);
  }
}

/** Applies a change to the repository's policy (a connected repository's) and returns the whole policy. */
export async function setPolicy(store: Store, workspaceId: number, repositoryId: number, change: Partial<ReviewPolicy>, now: Date): Promise<ReviewPolicy> {
  checkPolicyChange(change);
  const connected = await store.db
    .selectFrom("connections")
    .select("repository_id")
    .where("workspace_id", "=", workspaceId)
    .where("repository_id", "=", repositoryId)
    .executeTakeFirst();
  if (!connected) throw new AppError("conflict", "The repository is not connected to a code host; connect it first.");
  const next = { ...(await readPolicy(store, workspaceId, repositoryId)), ...change };
  const values = {
    auto_review: next.autoReview ? 1 : 0,
    forks: next.forks ? 1 : 0,
    focuses_json: JSON.stringify([...new Set(next.focuses)]),
    max_run_price_cents: next.maxRunPriceCents,
    daily_cap_cents: next.dailyCapCents,
    inline_comments: next.inlineComments,
    fail_at_severity: next.failAtSeverity,
    updated_at: now.toISOString(),
  };
  await store.db
    .insertInto("review_policies")
    .values({ repository_id: repositoryId, workspace_id: workspaceId, ...values })
    .onConflict((oc) => oc.column("repository_id").doUpdateSet(values))
    .execute();
  return readPolicy(store, workspaceId, repositoryId);
}
