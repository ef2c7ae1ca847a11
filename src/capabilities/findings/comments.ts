// Comments on a finding: a body (1 to 20,000 characters), optionally answering another comment of
// the same finding; an Idempotency-Key returns the original comment for the same body and refuses
// another body. Each comment also appears in the finding's activity.
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { workspaceTransaction } from "../../platform/store/write.ts";
import { canonicalJson, sha256 } from "../runs/index.ts";
import { findingKey } from "./items.ts";
import { usernames } from "../identity/index.ts";
import { bumpInbox } from "./position.ts";
import type { FindingRow } from "./status.ts";

type CommentRow = { id: number; body: string; author_id: number; reply_to: number | null; created_at: string };

function view(c: CommentRow, finding: Pick<FindingRow, "number">, names: Map<number, string>) {
  return {
    id: String(c.id),
    finding: findingKey(finding.number),
    body: c.body,
    author: { id: c.author_id, username: names.get(c.author_id) ?? "" },
    replyTo: c.reply_to === null ? null : String(c.reply_to),
    createdAt: c.created_at,
  };
}

export async function listComments(store: Store, workspaceId: number, finding: FindingRow) {
  const rows = await store.db
    .selectFrom("finding_comments")
    .select(["id", "body", "author_id", "reply_to", "created_at"])
    .where("workspace_id", "=", workspaceId)
    .where("finding_id", "=", finding.id)
    .orderBy("id")
    .limit(500)
    .execute();
  const names = await usernames(
    store,
    rows.map((r) => r.author_id),
  );
  return rows.map((r) => view(r, finding, names));
}

export async function addComment(
  store: Store,
  who: { workspaceId: number; userId: number },
  finding: FindingRow,
  input: { body: string; replyTo?: string | undefined; idempotencyKey?: string | undefined },
  now: Date,
) {
  const hash = sha256(canonicalJson({ finding: finding.id, body: input.body, replyTo: input.replyTo ?? null }));
  const result = await workspaceTransaction(store, who.workspaceId, async (tx) => {
    if (input.idempotencyKey !== undefined) {
      const seen = await tx
        .selectFrom("finding_comments")
        .select(["id", "body", "author_id", "reply_to", "created_at", "request_hash", "finding_id"])
        .where("workspace_id", "=", who.workspaceId)
        .where("author_id", "=", who.userId)
        .where("idempotency_key", "=", input.idempotencyKey)
        .executeTakeFirst();
      if (seen) {
        if (seen.request_hash !== hash) throw new AppError("idempotency_key_reused", "This Idempotency-Key was used for a different comment; use a new key.");
        return { row: seen, created: false };
      }
    }
    let replyTo: number | null = null;
    if (input.replyTo !== undefined) {
      const id = /^[1-9]\d{0,9}$/.test(input.replyTo) ? Number(input.replyTo) : 0;
      const parent =
        id > 0 && id <= 2 ** 31 - 1
          ? await tx
              .selectFrom("finding_comments")
              .select("id")
              .where("workspace_id", "=", who.workspaceId)
              .where("finding_id", "=", finding.id)
              .where("id", "=", id)
              .executeTakeFirst()
          : undefined;
      if (!parent) throw invalidField("replyTo", `replyTo must be a comment of ${findingKey(finding.number)}.`);
      replyTo = parent.id;
    }
    const at = now.toISOString();
    const row = await tx
      .insertInto("finding_comments")
      .values({
        workspace_id: who.workspaceId,
        finding_id: finding.id,
        author_id: who.userId,
        body: input.body,
        reply_to: replyTo,
        idempotency_key: input.idempotencyKey ?? null,
        request_hash: hash,
        created_at: at,
      })
      .returning(["id", "body", "author_id", "reply_to", "created_at"])
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("finding_activity")
      .values({
        workspace_id: who.workspaceId,
        finding_id: finding.id,
        actor_id: who.userId,
        kind: "comment",
        before_json: null,
        after_json: JSON.stringify({ comment: String(row.id), replyTo: replyTo === null ? null : String(replyTo) }),
        repository_id: null,
        sha: null,
        reason: null,
        created_at: at,
      })
      .execute();
    await bumpInbox(tx, who.workspaceId, { findings: [finding.id] });
    return { row, created: true };
  });
  return { comment: view(result.row, finding, await usernames(store, [result.row.author_id])), created: result.created };
}
