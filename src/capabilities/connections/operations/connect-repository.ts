import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { resolveRepository } from "../../repositories/index.ts";
import { connectRepository as connectAndSetUp } from "../setup.ts";
import { connectRepositoryDefinition } from "./connect-repository.def.ts";

export const connectRepository = implement(connectRepositoryDefinition, async (ctx, input) => {
  if (ctx.principal.role !== "admin") throw new AppError("forbidden", "Only an admin connects a repository to its code host.");
  const row = await resolveRepository(ctx.store, ctx.workspaceId, { id: input.id });
  const got = await connectAndSetUp(
    ctx.app,
    {
      workspaceId: ctx.workspaceId,
      repositoryId: row.id,
      fullName: row.full_name,
      host: input.host,
      apiUrl: input.apiUrl || undefined,
      hostRepo: input.hostRepo || undefined,
      auth: { kind: "token", token: input.token.trim() },
    },
    ctx.app.config.baseUrl,
    ctx.app.now(),
  );
  return { access: got.access, webhook: { url: got.webhook.url, created: got.webhook.created, secret: got.webhook.secret, note: got.webhook.note } };
});
