// The one error type of crs. Every failure a caller can see carries one of these codes; one switch
// maps a code to its HTTP status. Never recognise an error by its message text.

export const ErrorCode = {
  invalid_request: "invalid_request",
  repository_required: "repository_required",
  unauthenticated: "unauthenticated",
  insufficient_credits: "insufficient_credits",
  spend_cap_reached: "spend_cap_reached",
  insufficient_scope: "insufficient_scope",
  forbidden: "forbidden",
  not_found: "not_found",
  method_not_allowed: "method_not_allowed",
  position_unavailable: "position_unavailable",
  decision_active: "decision_active",
  conflict: "conflict",
  price_exceeds_max: "price_exceeds_max",
  quote_stale: "quote_stale",
  change_refused: "change_refused",
  nothing_to_review: "nothing_to_review",
  repository_not_runnable: "repository_not_runnable",
  idempotency_key_reused: "idempotency_key_reused",
  api_version_retired: "api_version_retired",
  payload_too_large: "payload_too_large",
  unsupported_media_type: "unsupported_media_type",
  rate_limited: "rate_limited",
  internal_error: "internal_error",
  upstream_error: "upstream_error",
  platform_unavailable: "platform_unavailable",
  repository_access_unavailable: "repository_access_unavailable",
  rate_limit_unavailable: "rate_limit_unavailable",
  public_api_disabled: "public_api_disabled",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

function codeToStatus(code: ErrorCode): number {
  switch (code) {
    case "invalid_request":
    case "repository_required":
      return 400;
    case "unauthenticated":
      return 401;
    case "insufficient_credits":
    case "spend_cap_reached":
      return 402;
    case "insufficient_scope":
    case "forbidden":
      return 403;
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "position_unavailable":
    case "decision_active":
    case "conflict":
    case "price_exceeds_max":
    case "quote_stale":
    case "change_refused":
    case "nothing_to_review":
    case "repository_not_runnable":
    case "idempotency_key_reused":
      return 409;
    case "api_version_retired":
      return 410;
    case "payload_too_large":
      return 413;
    case "unsupported_media_type":
      return 415;
    case "rate_limited":
      return 429;
    case "internal_error":
      return 500;
    case "upstream_error":
      return 502;
    case "platform_unavailable":
    case "repository_access_unavailable":
    case "rate_limit_unavailable":
    case "public_api_disabled":
      return 503;
    default: {
      const never: never = code;
      throw new Error(`unmapped error code ${String(never)}`);
    }
  }
}

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  /** Extra response headers (Retry-After, WWW-Authenticate, Allow, X-RateLimit-*). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = codeToStatus(code);
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
  requestId: string;
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  const error: ErrorBody["error"] = { code: err.code, message: err.message };
  if (err.details !== undefined) error.details = err.details;
  return { error, requestId };
}

/** 400 invalid_request about one input field, in the shape validation errors use (details.issues). */
export function invalidField(path: string, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError("invalid_request", message, { details: { issues: [{ path, message }], ...extra } });
}

/** Store connection failures (refused, reset, timed out, pool closed) become 503; anything else 500. */
export function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isUnavailable(err)) {
    return new AppError("platform_unavailable", "The service's store is unavailable; retry shortly.", {
      cause: err,
    });
  }
  return new AppError("internal_error", "An unexpected error occurred; retry once, then report the requestId.", {
    cause: err,
  });
}

const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

const sqliteUnavailable = new Set([5, 6, 10, 13, 14]);

function isUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && unavailableCodes.has(code)) return true;
    if ((e as { unavailable?: unknown }).unavailable === true) return true;
    // node:sqlite: busy/locked beyond the busy timeout, I/O error, disk full, cannot open.
    const errcode = (e as { errcode?: unknown }).errcode;
    if (typeof errcode === "number" && sqliteUnavailable.has(errcode & 0xff)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
