// The one request pipeline behind every adapter: authentication, scope check, validation, the
// operation's rate-limit buckets, the handler and output shaping. (The per-address ip budget is
// charged earlier, in the HTTP server's onRequest hook, before the token is looked at.) REST and
// MCP differ only in how they carry the input in and the result out.
import type { z } from "zod";
import type { App } from "./app.ts";
import { AppError, asAppError, invalidField } from "./errors.ts";
import { isAbsentIssue, nulPath } from "./schemas.ts";
import { bearerToken, realm, resolvePrincipal, type Principal } from "./principal.ts";
import { rateLimitHeaders, type Charge, type ChargeItem } from "../platform/limits/limiter.ts";
import { isPerIp, type Bucket } from "../platform/limits/buckets.ts";
import { missingScopes } from "./scopes.ts";
import type { Ctx, Trigger } from "./context.ts";
import type { Operation } from "./operation.ts";

export interface CallMeta {
  requestId: string;
  trigger: Trigger;
  /** Headers gathered along the way (X-RateLimit-*), also sent with an error. */
  headers: Record<string, string>;
  /** The caller's address: the key of a per-address bucket (the app's sign-in, sign-out and consent charge ip). */
  address?: string;
}

export interface CallResult {
  status: number;
  body: unknown;
  /** Set for an alternate format (the operation's `formats`): the answer's Content-Type. */
  mediaType?: string;
}

/** Keeps a charge's X-RateLimit-* headers for the response (none when the limiter is down). */
export function remember(meta: CallMeta, charge: Charge | null | undefined): void {
  if (charge) Object.assign(meta.headers, rateLimitHeaders(charge));
}

/** Authorization header -> principal, resolved afresh from the store on every request. */
export async function authenticate(app: App, authorization: string | undefined): Promise<Principal> {
  return resolvePrincipal(app.store, bearerToken(authorization));
}

function scopeError(op: Operation, principal: Principal): AppError | undefined {
  const missing = missingScopes(principal.scopes, op.scopes);
  if (missing.length === 0) return undefined;
  return new AppError("insufficient_scope", `This operation needs the scope${op.scopes.length > 1 ? "s" : ""} ${op.scopes.join(" and ")}.`, {
    details: { required: op.scopes },
    headers: { "WWW-Authenticate": `Bearer realm="${realm}", error="insufficient_scope", scope="${op.scopes.join(" ")}"` },
  });
}

function validationError(error: z.ZodError): AppError {
  // An id beyond the store's integer range, and nothing else wrong: missing like any unknown id.
  if (error.issues.every(isAbsentIssue)) return new AppError("not_found", error.issues[0]!.message);
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(body)", message: i.message }));
  return new AppError("invalid_request", `Invalid input: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`.slice(0, 1000), {
    details: { issues },
  });
}

/** The named format, or undefined for the output schema's JSON; 400 naming `format` when the operation has no such format. */
function exporterOf(op: Operation, format: string | undefined) {
  if (format === undefined || format === "json") return undefined;
  if (Object.hasOwn(op.formats ?? {}, format)) {
    const exporter = op.exporters?.[format];
    if (!exporter) throw new Error(`operation ${op.id} declares the format ${format} without an exporter (withExporters)`);
    return { exporter, mediaType: op.formats![format]!.mediaType };
  }
  const known = ["json", ...Object.keys(op.formats ?? {})].join(", ");
  throw invalidField("format", `Unknown format "${format.slice(0, 40)}": this operation answers in ${known}.`);
}

/** `format` (REST only): another of the operation's response formats (its `formats`) instead of the JSON of its output schema. */
export async function invoke(app: App, op: Operation, principal: Principal, raw: unknown, meta: CallMeta, format?: string): Promise<CallResult> {
  try {
    const denied = scopeError(op, principal);
    if (denied) throw denied;
    const exporting = exporterOf(op, format);
    const nul = nulPath(raw);
    if (nul !== undefined) throw invalidField(nul, "NUL characters are not allowed");
    const parsed = op.input.safeParse(raw ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    const key = (bucket: Bucket) => (isPerIp(bucket) ? addressOf(op, meta) : String(principal.userId));
    const items: ChargeItem[] = [{ bucket: op.bucket, key: key(op.bucket), points: op.points ? op.points(input) : 1 }];
    for (const bucket of op.alsoCharges ?? []) items.push({ bucket, key: key(bucket) });
    const charges = await app.limiter.chargeAll(items);
    // The response reports the operation's own bucket.
    remember(
      meta,
      charges.find((c) => c.bucket === op.bucket),
    );
    const ctx: Ctx = {
      app,
      store: app.store,
      principal,
      workspaceId: principal.workspaceId,
      userId: principal.userId,
      requestId: meta.requestId,
      trigger: meta.trigger,
      address: meta.address,
    };
    if (exporting) return { status: 200, body: await exporting.exporter(ctx, input), mediaType: exporting.mediaType };
    const result = await op.handler(ctx, input);
    const out = op.output.safeParse(result);
    if (!out.success) {
      throw new Error(`operation ${op.id} produced output that does not match its schema: ${out.error.message}`);
    }
    return { status: ctx.status ?? op.successStatus ?? 200, body: out.data };
  } catch (err) {
    throw withHeaders(asAppError(err), meta);
  }
}

function addressOf(op: Operation, meta: CallMeta): string {
  if (meta.address === undefined) throw new Error(`operation ${op.id} charges a per-address bucket but its caller gave no address`);
  return meta.address;
}

export function withHeaders(err: AppError, meta: CallMeta): AppError {
  for (const [k, v] of Object.entries(meta.headers)) if (!(k in err.headers)) err.headers[k] = v;
  return err;
}
