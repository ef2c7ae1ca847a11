import { addComment } from "../comments.ts";
import { findFindings } from "../lookup.ts";
import { implement } from "../../../kernel/operation.ts";
import { commentOnFindingDefinition } from "./comment-on-finding.def.ts";

export const commentOnFinding = implement(commentOnFindingDefinition, async (ctx, input) => {
  const [finding] = await findFindings(ctx.store, ctx.workspaceId, [input.finding]);
  const r = await addComment(
    ctx.store,
    { workspaceId: ctx.workspaceId, userId: ctx.userId },
    finding!,
    { body: input.body, replyTo: input.replyTo, idempotencyKey: input.requestId },
    ctx.app.now(),
  );
  // A replay (same Idempotency-Key and body) answers the original result, 201 included.
  return { comment: r.comment };
});
