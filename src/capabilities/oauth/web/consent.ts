// The consent screen at /oauth/authorize: a signed-in user approves or denies an application's
// request. The request is checked again when the form comes back; the code is bound to the user
// and the workspace active in the app, which the screen names (there is no picker).
import type { FastifyInstance, FastifyReply } from "fastify";
import type { App } from "../../../kernel/app.ts";
import type { Session } from "../../identity/index.ts";
import { checkAuthorizationRequest, issueCode, RedirectableError, redirectWith, UnsafeRequest, type AuthorizationRequest } from "../index.ts";
import { html, page } from "../../../kernel/ui/html.ts";
import { scopeWords } from "../../../kernel/ui/scope-words.ts";
import { errorPage, sendPage } from "../../../kernel/ui/page.ts";
import { sessionOf, signInRedirect } from "../../identity/index.ts";

import { isVerifiedClient } from "../clients.ts";

type Form = Record<string, string | undefined>;

const requestFields = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "resource"] as const;

function consentPage(req: AuthorizationRequest, fields: Form, session: Session, csrf: string): string {
  const ws = session.workspace!;
  const who = isVerifiedClient(req.client.id) ? html`<span class="tag">verified</span>` : html`<span class="tag">unverified</span>`;
  const trust = isVerifiedClient(req.client.id) ? html`This is crs's own command line.` : html`The application named itself; crs has not verified who made it.`;
  return page(
    { title: "Authorize application", user: session.user, csrf, narrow: true },
    html`<h1>Authorize ${req.client.name}</h1>
<p><strong>${req.client.name}</strong> ${who} wants to use crs as <strong>${session.user.username}</strong>
in the workspace <strong>${ws.name}</strong> (${ws.slug}). ${trust}</p>
<p>It asks to:</p>
<ul class="scopes">${req.scopes.map(
      (s) => html`<li>${scopeWords[s]} <code>${s}</code>${s === "runs:write" ? html` <span class="tag">spends credits</span>` : ""}</li>`,
    )}</ul>
<p>After approving, you are sent to <code>${req.redirectUri}</code>. To use another workspace, switch it in the app first.
You can revoke this access at any time under authorized apps.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="workspace_id" value="${ws.id}">
${requestFields.map((f) => (fields[f] !== undefined ? html`<input type="hidden" name="${f}" value="${fields[f]}">` : ""))}
<div class="actions"><button name="decision" value="approve">Approve</button><button name="decision" value="deny" class="secondary">Deny</button></div>
</form>`,
  );
}

function pick(source: unknown): Form {
  const out: Form = {};
  const s = (source ?? {}) as Record<string, unknown>;
  for (const f of requestFields) if (typeof s[f] === "string") out[f] = s[f] as string;
  return out;
}

function errorRedirect(app: App, err: RedirectableError): string {
  return redirectWith(err.redirectUri, { error: err.error, error_description: err.message, state: err.state, iss: app.config.baseUrl });
}

/**
 * A bad request whose client and redirect URI are verified, met before the user approved anything:
 * an error page. A signed-in user sees the client named and may follow a link back to it; nobody is
 * sent there without a look (registration is open, so the URI may be any site).
 */
function refusedPage(app: App, reply: FastifyReply, err: RedirectableError, session: Session | undefined): FastifyReply {
  const back = session
    ? html`<p>The request came from <strong>${err.client.name}</strong> ${
        isVerifiedClient(err.client.id) ? html`<span class="tag">verified</span>` : html`<span class="tag">unverified</span>, which named itself`
      }.
<a href="${errorRedirect(app, err)}" rel="noreferrer">Return to the application</a> (<code>${err.redirectUri}</code>) to tell it, or close this page.</p>`
    : "";
  return sendPage(
    reply,
    400,
    page(
      { title: "Authorization request refused", user: session?.user, narrow: true },
      html`<h1>Authorization request refused</h1>
<p class="error">${err.error}: ${err.message}</p>${back}<p><a href="/app">Back to crs</a></p>`,
    ),
  );
}

/**
 * Checks the request and answers bad ones: an error page, or (`redirect`, once the user has seen the
 * client on the consent screen) an error sent to the verified redirect URI.
 */
async function checked(
  app: App,
  fields: Form,
  reply: FastifyReply,
  session: Session | undefined,
  redirect: boolean,
): Promise<AuthorizationRequest | undefined> {
  try {
    return await checkAuthorizationRequest(app.store, app.config.baseUrl, fields);
  } catch (err) {
    if (err instanceof UnsafeRequest) {
      errorPage(reply, 400, "Authorization request refused", err.message);
      return undefined;
    }
    if (err instanceof RedirectableError) {
      if (redirect) reply.redirect(errorRedirect(app, err), 303);
      else refusedPage(app, reply, err, session);
      return undefined;
    }
    throw err;
  }
}

export function registerConsent(web: FastifyInstance, app: App): void {
  web.get("/oauth/authorize", async (req, reply) => {
    const fields = pick(req.query);
    const session = await sessionOf(app, req);
    const request = await checked(app, fields, reply, session, false);
    if (!request) return reply;
    if (!session) return signInRedirect(reply, req);
    if (!session.workspace) return errorPage(reply, 403, "No workspace", "You are not a member of any workspace, so there is nothing to authorize.");
    return sendPage(reply, 200, consentPage(request, fields, session, reply.generateCsrf()));
  });

  web.post("/oauth/authorize", { preHandler: web.csrfProtection }, async (req, reply) => {
    const body = (req.body ?? {}) as Form;
    const fields = pick(body);
    const session = await sessionOf(app, req);
    // The form comes from the consent screen: the user has seen the client.
    const request = await checked(app, fields, reply, session, session !== undefined);
    if (!request) return reply;
    if (!session?.workspace) return errorPage(reply, 401, "Signed out", "Your session ended. Start the sign-in from the application again.");
    if (body.decision === "deny") {
      return reply.redirect(
        redirectWith(request.redirectUri, {
          error: "access_denied",
          error_description: "The user denied the request.",
          state: request.state,
          iss: app.config.baseUrl,
        }),
        303,
      );
    }
    if (body.decision !== "approve") return errorPage(reply, 400, "No decision", "Choose Approve or Deny.");
    // The screen named one workspace; if another became active meanwhile, the user must look again.
    if (String(session.workspace.id) !== body.workspace_id) {
      return sendPage(reply, 409, consentPage(request, fields, session, reply.generateCsrf()));
    }
    const code = await issueCode(app.store, request, session.user.id, session.workspace.id);
    return reply.redirect(redirectWith(request.redirectUri, { code, state: request.state, iss: app.config.baseUrl }), 303);
  });
}
