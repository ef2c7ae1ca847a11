import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { resolveRepository } from "../../repositories/index.ts";
import { setPolicy } from "../policy.ts";
import { setReviewPolicyDefinition } from "./set-review-policy.def.ts";

const centsOrNull = (v: string) => (v === "" ? null : Number(v));

export const setReviewPolicy = implement(setReviewPolicyDefinition, async (ctx, input) => {
  if (ctx.principal.role !== "admin") throw new AppError("forbidden", "Only an admin sets a repository's review policy.");
  const row = await resolveRepository(ctx.store, ctx.workspaceId, { id: input.id });
  await setPolicy(
    ctx.store,
    ctx.workspaceId,
    row.id,
    {
      autoReview: input.autoReview === "on",
      forks: input.forks === "on",
      focuses: input.focuses
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      maxRunPriceCents: centsOrNull(input.maxRunPriceCents),
      dailyCapCents: centsOrNull(input.dailyCapCents),
      inlineComments: input.inlineComments,
      failAtSeverity: input.failAtSeverity,
    },
    ctx.app.now(),
  );
  return { saved: true as const };
});
