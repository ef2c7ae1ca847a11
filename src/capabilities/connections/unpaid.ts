// Automatic reviews that could not be paid or started (unpaid_reviews, written by automatic.ts) are
// reported on the pull request, not skipped silently: one comment saying why and what to do, and
// the commit status "crs" (the post-back's context) set to error on that head. Retried on the next
// pass while the host cannot be reached; marked reported once posted.
import type { App } from "../../kernel/app.ts";
import { periodic } from "../../kernel/capability.ts";
import { HostRefusedError } from "../../platform/codehost/hosts/index.ts";
import { connectionRow } from "./connections.ts";
import { clientFor } from "./host.ts";

const reasons: Record<string, string> = {
  insufficient_credits: "the workspace has too few credits",
  spend_cap_reached: "the workspace's monthly spending limit is reached",
  price_exceeds_max: "the review costs more than the repository's review policy allows (per run or per day)",
  change_refused: "the change cannot be reviewed",
  nothing_to_review: "nothing in the change is reviewable",
  rate_limited: "the repository started too many automatic reviews this hour",
  not_found: "a focus the policy names no longer exists",
  quote_stale: "the change moved while it was priced",
};

function notice(reason: string, message: string, price: number | null, sha: string): string {
  const why = reasons[reason] ?? "it could not be started";
  const cost = price !== null ? ` It would cost ${(price / 100).toFixed(2)}.` : "";
  // Only our own words and numbers: the message is crs's, but kept to one escaped line all the same.
  const detail = message.replace(/[^\w .,:;()'/-]/g, " ").slice(0, 300);
  const next = "An admin of the crs workspace can add credits or change the review policy; the next push is reviewed again.";
  return `**crs did not review \`${sha.slice(0, 12)}\`**: ${why}.${cost}\n\n> ${detail}\n\n${next}`;
}

/** One pass over unreported rows; returns how many were reported. */
export async function reportUnpaid(app: App, limit = 20): Promise<number> {
  const rows = await app.store.db.selectFrom("unpaid_reviews").selectAll().where("reported_at", "is", null).orderBy("id").limit(limit).execute();
  let reported = 0;
  for (const r of rows) {
    const c = await connectionRow(app.store, r.workspace_id, r.repository_id);
    const done = () => app.store.db.updateTable("unpaid_reviews").set({ reported_at: app.now().toISOString() }).where("id", "=", r.id).execute();
    if (!c) {
      await done();
      continue;
    }
    try {
      const client = await clientFor(app, c);
      await client.upsertSummaryComment(r.pr, notice(r.reason, r.message, r.price_cents, r.head_sha));
      const reason = reasons[r.reason] ?? "not started";
      await client.setStatus(r.head_sha, { state: "error", description: `Not reviewed: ${reason}`.slice(0, 140), context: "crs" });
      await done();
      reported++;
    } catch (err) {
      // The host refused for good (the pull request is gone, access revoked): give up on this one.
      if (err instanceof HostRefusedError) await done();
      app.log.warn({ repositoryId: r.repository_id, pr: r.pr, err: (err as Error).message }, "reporting a review that was not started failed");
    }
  }
  return reported;
}

export const unpaidNotices = periodic((app) => app.config.worker.pollMs * 4, reportUnpaid, "reporting reviews that were not started failed");
