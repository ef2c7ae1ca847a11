// The authorization server's back-channel endpoints: dynamic client registration (RFC 7591),
// the token endpoint and revocation (RFC 7009). They answer OAuth error bodies, not the API's, in
// their own context where form bodies (application/x-www-form-urlencoded) are parsed.
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../kernel/app.ts";
import { AppError, asAppError } from "../../kernel/errors.ts";
import { registerClient } from "./clients.ts";
import { OAuthError } from "./errors.ts";
import { exchangeCode, type TokenSettings } from "./grants.ts";
import { refreshTokens, revokeToken } from "./refresh.ts";
import { registerMetadata } from "../../kernel/oauth-metadata.ts";
import { nulPath } from "../../kernel/text.ts";
import { clientGone, clientWentAway } from "../../kernel/reply.ts";
import { rateLimitHeaders } from "../../platform/limits/limiter.ts";

type Params = Record<string, string | undefined>;

/** A public client may name itself in HTTP Basic with an empty secret (RFC 6749 §2.3.1) instead of client_id. */
function basicClientId(header: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!m) return undefined;
  const [id, secret] = Buffer.from(m[1]!, "base64").toString("utf8").split(":");
  if (secret) throw new OAuthError("invalid_client", "Clients here are public: they have no secret.");
  try {
    return decodeURIComponent(id ?? "");
  } catch {
    throw new OAuthError("invalid_client", "The client id in the Authorization header is malformed.");
  }
}

/** The body's string parameters; a parameter given twice is refused (RFC 6749 §3.1). */
function params(req: FastifyRequest): Params {
  const body = req.body ?? {};
  if (typeof body !== "object" || Array.isArray(body))
    throw new OAuthError("invalid_request", "Send the parameters as a form " + "(application/x-www-form-urlencoded).");
  const out: Params = {};
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) throw new OAuthError("invalid_request", `Parameter ${k} appears more than once.`);
    if (typeof v === "string") out[k] = v;
  }
  const basic = basicClientId(req.headers.authorization);
  if (basic !== undefined) {
    if (out.client_id !== undefined && out.client_id !== basic) throw new OAuthError("invalid_request", "client_id differs from the Authorization header's.");
    out.client_id = basic;
    if (nulPath(basic) !== undefined) throw new OAuthError("invalid_client", "The client id in the Authorization header is malformed.");
  }
  return out;
}

function sendOAuthError(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (clientWentAway(req)) return clientGone(req, reply);
  let e: OAuthError;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (err instanceof OAuthError) e = err;
  else if (typeof status === "number" && status >= 400 && status < 500 && !(err instanceof AppError)) {
    // Fastify's own request errors: unreadable, too large or wrongly typed bodies.
    e = new OAuthError("invalid_request", "The request body could not be read.", status === 413 || status === 415 ? status : 400);
  } else {
    const app = asAppError(err);
    if (app.status === 429 || app.status === 503) reply.headers(app.headers);
    e =
      app.status < 500
        ? new OAuthError("invalid_request", app.message, app.status)
        : app.status === 503
          ? new OAuthError("temporarily_unavailable", app.message, 503)
          : new OAuthError("server_error", `Retry once; if it persists, report request ${req.id}.`);
    if (app.status === 503)
      req.log.warn({ err: (app.cause as Error | undefined)?.message, requestId: req.id }, "oauth request refused: a platform part is " + "unavailable");
    else if (app.status >= 500) req.log.error({ err: app.cause ?? err, requestId: req.id }, "oauth request failed");
  }
  return reply.code(e.status).header("Cache-Control", "no-store").send(e.body());
}

export function registerAuthorizationServer(server: FastifyInstance, app: App): void {
  registerMetadata(server, app);
  server.register(async (oauth) => {
    await oauth.register(formbody);
    oauth.setErrorHandler((err, req, reply) => sendOAuthError(req, reply, err));
    // Browser-based clients (the MCP Inspector) call these across origins; no cookie is involved.
    oauth.addHook("onRequest", async (req, reply) => {
      reply.header("Access-Control-Allow-Origin", "*");
      // The ip budget also covers registration and tokens, so they cannot be flooded.
      await app.limiter.charge("ip", req.ip);
    });
    // The same text rule as every face: no NUL in any parameter, before a query sees it.
    oauth.addHook("preValidation", async (req) => {
      const field = nulPath({ ...(req.query as object), ...(typeof req.body === "object" ? req.body : {}) });
      if (field === undefined) return;
      const code = req.url.startsWith("/oauth/register") ? "invalid_client_metadata" : "invalid_request";
      throw new OAuthError(code, `${field.slice(0, 100)}: NUL characters are not allowed.`);
    });
    for (const path of ["/oauth/register", "/oauth/token", "/oauth/revoke"]) {
      oauth.options(path, async (_req, reply) =>
        reply
          .code(204)
          .header("Access-Control-Allow-Methods", "POST, OPTIONS")
          .header("Access-Control-Allow-Headers", "Content-Type, Authorization, MCP-Protocol-Version")
          .header("Access-Control-Max-Age", "600")
          .send(),
      );
    }
    const settings = (): TokenSettings => ({ auth: app.config.auth, baseUrl: app.config.baseUrl });

    oauth.post("/oauth/register", async (req, reply) => {
      const body = req.body;
      const json = (req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");
      if (!json || !body || typeof body !== "object" || Array.isArray(body))
        throw new OAuthError("invalid_client_metadata", "Send the client metadata as a " + "JSON object.");
      // Each client is kept for days: registrations have their own budget per address, and are
      // refused (503) while the limiter is down, like every other change.
      const charge = await app.limiter.charge("oauth:register", req.ip);
      if (charge) reply.headers(rateLimitHeaders(charge));
      return reply
        .code(201)
        .header("Cache-Control", "no-store")
        .send(await registerClient(app.store, body as Record<string, unknown>));
    });

    oauth.post("/oauth/token", async (req, reply) => {
      const p = params(req);
      let tokens: Awaited<ReturnType<typeof exchangeCode>>;
      if (p.grant_type === "authorization_code") tokens = await exchangeCode(app.store, settings(), p);
      else if (p.grant_type === "refresh_token") tokens = await refreshTokens(app.store, settings(), p);
      else
        throw new OAuthError(
          p.grant_type ? "unsupported_grant_type" : "invalid_request",
          p.grant_type ? "Only authorization_code and refresh_token " + "grants are supported." : "grant_type is required.",
        );
      return reply.header("Cache-Control", "no-store").header("Pragma", "no-cache").send(tokens);
    });

    oauth.post("/oauth/revoke", async (req, reply) => {
      await revokeToken(app.store, params(req));
      return reply.code(200).header("Cache-Control", "no-store").send();
    });
  });
}
