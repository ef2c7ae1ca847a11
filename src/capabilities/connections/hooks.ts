// POST /hooks/github and /hooks/gitlab: raw bodies up to 25 MiB (outside the API's 1 MiB limit,
// its ip budget and the web app's CSRF), the signature checked over the raw bytes in constant
// time against each connection of the named repository, the delivery stored before the 202.
// A wrong or missing signature is 401 and nothing is queued; an unknown repository is 202 ignored
// (logged once per process and name).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../kernel/app.ts";
import { AppError } from "../../kernel/errors.ts";
import { sendError } from "../../kernel/reply.ts";
import { rateLimitHeaders } from "../../platform/limits/limiter.ts";
import { verifyGitHubSignature, verifyGitLabToken } from "../../platform/codehost/hosts/index.ts";
import { webhookSecretOf } from "./connections.ts";
import { storeDelivery } from "./deliveries.ts";
import { readEvent } from "./events.ts";
import type { HostName } from "./store.ts";
import { wakeDeliveries } from "./processor.ts";

const hookBodyLimitBytes = 25 * 1024 * 1024;

const headerNames: Record<HostName, { event: string; delivery: string; signature: string }> = {
  github: { event: "x-github-event", delivery: "x-github-delivery", signature: "x-hub-signature-256" },
  gitlab: { event: "x-gitlab-event", delivery: "x-gitlab-event-uuid", signature: "x-gitlab-token" },
};

const loggedUnknown = new Set<string>();

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === "string" && v.length > 0 && v.length <= 512 ? v : undefined;
}

function unauthenticated(message: string): AppError {
  return new AppError("unauthenticated", message, { headers: { "WWW-Authenticate": 'Signature realm="crs webhooks"' } });
}

function parseBody(raw: Buffer, contentType: string): unknown {
  // Only to read the payload: the signature is checked over `raw` itself, so bytes that are not
  // UTF-8 (decoded here as U+FFFD) cannot make another body match.
  const text = raw.toString("utf8");
  try {
    if (contentType.startsWith("application/x-www-form-urlencoded")) return JSON.parse(new URLSearchParams(text).get("payload") ?? "");
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", "The webhook body is not JSON.", { details: { issues: [{ path: "(body)", message: "invalid JSON" }] } });
  }
}

async function receive(app: App, host: HostName, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const charge = await app.limiter.charge("hooks", `${host}:${req.ip}`);
  if (charge) reply.headers(rateLimitHeaders(charge));
  const names = headerNames[host];
  const signature = header(req, names.signature);
  if (!signature) throw unauthenticated(`The delivery has no ${names.signature} header.`);
  const event = header(req, names.event);
  const deliveryId = header(req, names.delivery);
  if (!event || !deliveryId) throw new AppError("invalid_request", `The delivery needs the ${names.event} and ${names.delivery} headers.`);
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const read = readEvent(host, event, parseBody(raw, String(req.headers["content-type"] ?? "")));
  const candidates = read.hostRepo
    ? await app.store.db.selectFrom("connections").selectAll().where("host", "=", host).where("host_repo_key", "=", read.hostRepo.toLowerCase()).execute()
    : [];
  if (candidates.length === 0) {
    const name = `${host}:${read.hostRepo ?? "(none)"}`;
    if (!loggedUnknown.has(name) && loggedUnknown.size < 10_000) {
      loggedUnknown.add(name);
      app.log.info({ host, hostRepo: read.hostRepo?.slice(0, 200) ?? null }, "webhook for a repository no connection names; ignored");
    }
    return reply.code(202).send({ status: "ignored", reason: "unknown_repository" });
  }
  const verified = [];
  for (const c of candidates) {
    const secret = await webhookSecretOf(app, c);
    const ok = host === "github" ? await verifyGitHubSignature(secret, raw, signature) : verifyGitLabToken(secret, signature);
    if (ok) verified.push(c);
  }
  if (verified.length === 0) throw unauthenticated("The delivery's signature does not match this repository's webhook secret.");
  if (!read.intent) return reply.code(202).send({ status: "ignored", reason: "event_not_acted_on" });
  const now = app.now();
  let queued = 0;
  for (const c of verified) {
    const got = await storeDelivery(
      app.store,
      { host, deliveryId, event, workspaceId: c.workspace_id, repositoryId: c.repository_id, intent: read.intent },
      now,
      { hurry: true },
    );
    if (got === "queued") queued++;
  }
  if (queued > 0) wakeDeliveries(app);
  return reply.code(202).send({ status: queued > 0 ? "queued" : "duplicate" });
}

export function registerHooks(server: FastifyInstance, app: App): void {
  void server.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: hookBodyLimitBytes }, (_req, body, done) => done(null, body));
    hooks.setErrorHandler((err, req, reply) => {
      const tooLarge = (err as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
      return sendError(
        req,
        reply,
        tooLarge
          ? new AppError("payload_too_large", `The webhook body is larger than ${hookBodyLimitBytes} bytes.`, { details: { limitBytes: hookBodyLimitBytes } })
          : err,
      );
    });
    for (const host of ["github", "gitlab"] as const) {
      hooks.post(`/hooks/${host}`, { bodyLimit: hookBodyLimitBytes }, (req, reply) => receive(app, host, req, reply));
    }
  });
}
