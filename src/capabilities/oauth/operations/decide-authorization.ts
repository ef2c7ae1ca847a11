import { AppError } from "../../../kernel/errors.ts";
import { implement } from "../../../kernel/operation.ts";
import { checkAuthorizationRequest, issueCode, redirectWith, UnsafeRequest, type AuthorizationRequest } from "../authorize.ts";
import { OAuthError } from "../errors.ts";
import { decideAuthorizationDefinition } from "./decide-authorization.def.ts";

export const decideAuthorization = implement(decideAuthorizationDefinition, async (ctx, input) => {
  const { decision, workspace_id, ...fields } = input;
  const iss = ctx.app.config.baseUrl;
  let request: AuthorizationRequest;
  try {
    request = await checkAuthorizationRequest(ctx.store, iss, fields);
  } catch (err) {
    // The page checked the request a moment ago; one that went bad since (its client deleted) is refused here.
    if (err instanceof OAuthError || err instanceof UnsafeRequest) throw new AppError("invalid_request", err.message);
    throw err;
  }
  if (decision === "deny") {
    return {
      redirectTo: redirectWith(request.redirectUri, { error: "access_denied", error_description: "The user denied the request.", state: request.state, iss }),
    };
  }
  // The screen named one workspace; if another became active meanwhile, the user must look again.
  if (ctx.workspaceId === 0 || String(ctx.workspaceId) !== workspace_id) {
    throw new AppError("conflict", "The active workspace changed since the consent screen was shown; look at the request again.");
  }
  const code = await issueCode(ctx.store, request, ctx.userId, ctx.workspaceId);
  return { redirectTo: redirectWith(request.redirectUri, { code, state: request.state, iss }) };
});
