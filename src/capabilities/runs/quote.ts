// Quotes: what an estimate priced, signed with the server secret so that any instance can check
// it without storing anything. A quote binds the workspace, the request, the resolved commits,
// focus revisions and documents, and the price; it is valid for 15 minutes.
import { createHash, createHmac } from "node:crypto";
import { AppError } from "../../kernel/errors.ts";
import { safeEqual } from "../../kernel/safe-equal.ts";
import type { ResolvedRun } from "./resolve.ts";

export const quoteTtlSeconds = 15 * 60;

/** What a quote holds: enough to tell whether the priced content is still what a start resolves. */
export interface QuotePayload {
  v: 1;
  /** Workspace. */
  w: number;
  /** Hash of the normalised request. */
  h: string;
  /** Content: [repository id, sha, files, lines] per target; change [base, head, files, changed lines] or null; focuses [slug, revision]; documents. */
  t: Array<[number, string, number, number]>;
  c: [string, string, number, number] | null;
  f: Array<[string, number]>;
  d: number[];
  /** Per target, the blob id of its .crs.yml (null: none): a changed file makes the quote stale. */
  y?: Array<string | null>;
  /** The model stage priced: [configuration hash, model billable lines, cents], or null (none). */
  m?: [string, number, number] | null;
  /** Price in cents. */
  p: number;
  /** Expiry, Unix seconds. */
  e: number;
}

/** The part of a resolved run that a quote binds (everything but the counts). */
export function contentOf(r: ResolvedRun): Pick<QuotePayload, "t" | "c" | "f" | "d" | "y"> {
  return {
    y: r.configBlobs,
    t: r.targets.map((t) => [t.repository.id, t.sha, t.files, t.lines]),
    c: r.change ? [r.change.base, r.change.head, r.change.files, r.change.changedLines] : null,
    f: r.focuses.map((f) => [f.slug, f.revision]),
    d: r.documents,
  };
}

/** The model stage a quote binds. */
export function modelOf(r: ResolvedRun): QuotePayload["m"] {
  return r.model ? [r.model.hash, r.model.lines, r.model.cents] : null;
}

/** Same commits, .crs.yml blobs, focus revisions and documents (the counts follow from those and are not compared). */
export function sameContent(a: Pick<QuotePayload, "t" | "c" | "f" | "d" | "y">, b: Pick<QuotePayload, "t" | "c" | "f" | "d" | "y">): boolean {
  const key = (x: Pick<QuotePayload, "t" | "c" | "f" | "d" | "y">) =>
    JSON.stringify([x.t.map((t) => t.slice(0, 2)), x.c?.slice(0, 2) ?? null, x.f, x.d, x.y ?? []]);
  return key(a) === key(b);
}

/** Puts a quote's counts back on a run resolved without counting (the content is the same). */
export function applyCounts(r: ResolvedRun, q: QuotePayload): void {
  r.targets.forEach((t, i) => {
    t.files = q.t[i]![2];
    t.lines = q.t[i]![3];
  });
  if (r.change && q.c) {
    r.change.files = q.c[2];
    r.change.changedLines = q.c[3];
  }
  if (r.model && q.m) {
    r.model.lines = q.m[1];
    r.model.cents = q.m[2];
  }
  r.priceCents = q.p;
}

function mac(secret: Buffer, body: string): string {
  return createHmac("sha256", secret).update(`crs-quote:v1\n${body}`).digest("base64url");
}

export function signQuote(secret: Buffer, payload: QuotePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

function invalidQuote(message: string): AppError {
  return new AppError("invalid_request", message, { details: { issues: [{ path: "quote", message }] } });
}

/**
 * Checks a quote's signature (constant time, one canonical form only), workspace and request.
 * 400 invalid_request when tampered, foreign or for another request; 409 quote_stale when expired.
 */
export function openQuote(secret: Buffer, quote: string, expect: { workspaceId: number; requestHash: string; nowSeconds: number }): QuotePayload {
  const dot = quote.indexOf(".");
  const body = dot > 0 ? quote.slice(0, dot) : "";
  const given = dot > 0 ? quote.slice(dot + 1) : "";
  if (!body || !safeEqual(given, mac(secret, body))) {
    throw invalidQuote("The quote is not valid: pass the quote returned by estimate_run unchanged.");
  }
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as QuotePayload;
  if (payload.w !== expect.workspaceId) throw invalidQuote("The quote was issued for another workspace.");
  if (payload.h !== expect.requestHash) throw invalidQuote("The quote was issued for a different request; send the same fields as the estimate.");
  if (payload.e <= expect.nowSeconds) {
    throw new AppError("quote_stale", "The quote expired (quotes are valid for 15 minutes); estimate again.", { details: { reason: "expired" } });
  }
  return payload;
}

/** JSON with object keys sorted, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
