import { AppError } from "../../../kernel/errors.ts";
import { balanceCents, monthSpendCents } from "../../runs/index.ts";
import { workspaceSpendLimit } from "../workspace-state.ts";
import { publicRole } from "../schemas.ts";
import { implement } from "../../../kernel/operation.ts";
import { getMeDefinition } from "./get-me.def.ts";

export const getMe = implement(getMeDefinition, async (ctx) => {
  const p = ctx.principal;
  // The web app's pages read as a session, never through get_me: a token backs every call here.
  if (p.tokenKind === "session") throw new AppError("forbidden", "get_me answers for a token.");
  return {
    user: { id: p.userId, username: p.username, email: p.email, name: p.userName },
    organization: { id: p.workspaceId, slug: p.workspaceSlug, name: p.workspaceName, role: publicRole(p.role) },
    token: { id: p.tokenId, kind: p.tokenKind, name: p.tokenName, scopes: [...p.scopes] },
    credits: {
      balanceCents: await balanceCents(ctx.store.db, ctx.workspaceId),
      ...(p.role === "admin"
        ? {
            monthSpendCents: await monthSpendCents(ctx.store.db, ctx.workspaceId, ctx.app.now()),
            spendLimitCents: await workspaceSpendLimit(ctx.store.db, ctx.workspaceId),
          }
        : {}),
    },
  };
});
