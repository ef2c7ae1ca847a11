// Environment -> typed configuration, validated once at start; each value's parser is in config-values.ts.
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseRateLimits } from "../platform/limits/buckets.ts";
import { ModelConfigError, modelConfigFromEnv } from "../review/model/config.ts";
import type { ModelConfig } from "../review/model/types.ts";
import { ConfigError, corsOrigins, defaultDataDir, int, secretKey, webRemoteAllow } from "./config-values.ts";

export interface Config {
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema for all tables (CRS_DB_SCHEMA); default: the connection's search_path. */
  dbSchema: string | undefined;
  redisUrl: string | undefined;
  /** CRS_REDIS_COMMAND_TIMEOUT_MS: a rate-limit command Redis has not answered in this long counts as Redis down (default 700). */
  redisCommandTimeoutMs: number;
  /** Key prefix of the rate-limit counters in Redis, so deployments can share one Redis. */
  rateLimitPrefix: string;
  port: number;
  host: string;
  baseUrl: string;
  publicApi: boolean;
  logLevel: string;
  rateLimits: string | undefined;
  syncIntervalSeconds: number;
  /** CRS_WEB_REMOTE_ALLOW: what a remote added in the web app may be beyond public https (ssh, http, git, private-hosts). */
  webRemoteAllow: string[];
  trustProxy: boolean;
  /** A request body that sends nothing for this long is cut (CRS_BODY_IDLE_TIMEOUT_MS). */
  bodyIdleTimeoutMs: number;
  /** Browser origins allowed to call the API, MCP and OAuth endpoints (CRS_CORS_ORIGINS): any, or these. */
  corsOrigins: "*" | string[];
  pricing: PricingConfig;
  /** The model review stage's provider (CRS_MODEL_*), or null: runs have no model stage. */
  model: ModelConfig | null;
  /** CRS_MODEL_STAGE_TIMEOUT_MS: a run's model stage sends no further chunk after this long (default 10 × CRS_MODEL_TIMEOUT_MS). */
  modelStageTimeoutMs: number;
  worker: WorkerConfig;
  auth: AuthConfig;
  /** CRS_SECRET_KEY: the key code-host credentials are encrypted with (32 bytes, base64 or hex); unset on one embedded server: a key file in the data dir. */
  secretKey: string | undefined;
  /** CRS_RECONCILE_INTERVAL_SECONDS: how often connected repositories' open pull requests are listed (0: never). */
  reconcileIntervalSeconds: number;
}

/** Sign-in and the OAuth authorization server (README "Sign-in and OAuth"). */
export interface AuthConfig {
  /** CRS_OAUTH_ACCESS_TOKEN_SECONDS: lifetime of an svca_ access token (default one hour). */
  accessTokenSeconds: number;
  /** CRS_OAUTH_REFRESH_TOKEN_DAYS: lifetime of a refresh token; each refresh issues a new one. */
  refreshTokenDays: number;
  /** CRS_SESSION_HOURS: lifetime of a web app session. */
  sessionHours: number;
  /** CRS_SIGN_IN_MAX_FAILURES: failed sign-ins per account in 15 minutes before it is throttled (per address: 5x). */
  signInMaxFailures: number;
}

/** How run workers behave (README "Configuration"). */
export interface WorkerConfig {
  /** `crs serve` runs a worker in its own process (CRS_WORKER_IN_PROCESS, default on; `--no-worker` turns it off). */
  inProcess: boolean;
  /** CRS_WORKER_CONCURRENCY: runs one process executes at once. */
  concurrency: number;
  /** CRS_WORKER_THREADS: analysis threads per process (1: in the worker's own thread). */
  threads: number;
  /** CRS_WORKER_POLL_MS: how often an idle worker looks for queued runs. */
  pollMs: number;
  /** CRS_WORKER_LEASE_SECONDS: a run whose worker stopped renewing for this long is taken over. */
  leaseSeconds: number;
  /** CRS_RUN_MAX_NEW_FINDINGS: new findings one run may add to the inbox; the rest make the import partial. */
  maxNewFindings: number;
}

/** How runs are priced (README "Configuration"); a price is a pure function of these and the content. */
export interface PricingConfig {
  /** CRS_PRICE_BASE_CENTS: the fee of every run. */
  baseCents: number;
  /** CRS_PRICE_PER_1000_LINES_CENTS: the rate per thousand billable lines (rounded up to a cent). */
  per1000LinesCents: number;
  /** CRS_CHANGE_CONTEXT_LINES: lines billed around each hunk of a change review. */
  changeContextLines: number;
  /** CRS_CHANGE_MAX_LINES: a change with more changed lines is refused as large. */
  changeMaxLines: number;
  /** CRS_PRICE_MODEL_PER_1000_LINES_CENTS: the model stage's rate per thousand model billable lines (when a model is configured). */
  modelPer1000LinesCents: number;
}

/** The configuration for a long-running command, or null after printing why it is invalid (exit 2). */
export function configFor(command: string, opts: { forServe?: boolean } = {}): Config | null {
  try {
    return loadConfig(process.env, opts);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`crs ${command}: ${err.message}\n`);
    return null;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { forServe?: boolean } = {}): Config {
  const port = int(env, "PORT", 8080, 0, 65535);
  const host = env.CRS_HOST || "127.0.0.1";
  const publicApi = (env.CRS_PUBLIC_API ?? "on").toLowerCase();
  if (!["on", "off", "true", "false", "1", "0"].includes(publicApi)) {
    throw new ConfigError(`CRS_PUBLIC_API must be on or off, got "${env.CRS_PUBLIC_API}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
  const dbSchema = env.CRS_DB_SCHEMA || undefined;
  if (dbSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(dbSchema)) {
    throw new ConfigError("CRS_DB_SCHEMA must be a lower-case SQL identifier (letters, digits, underscores)");
  }
  const rateLimits = env.CRS_RATE_LIMITS || undefined;
  try {
    parseRateLimits(rateLimits);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  let model: ModelConfig | null;
  try {
    model = modelConfigFromEnv(env);
  } catch (err) {
    if (err instanceof ModelConfigError) throw new ConfigError(err.message);
    throw err;
  }
  return {
    dbSchema,
    model,
    modelStageTimeoutMs: int(env, "CRS_MODEL_STAGE_TIMEOUT_MS", 10 * (model?.timeoutMs ?? 120_000), 1_000, 86_400_000),
    dataDir: resolve(env.CRS_DATA_DIR || defaultDataDir(env, opts.forServe ?? false)),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    redisCommandTimeoutMs: int(env, "CRS_REDIS_COMMAND_TIMEOUT_MS", 700, 50, 60_000),
    rateLimitPrefix: env.CRS_RATE_LIMIT_PREFIX || "crs:rl",
    port,
    host,
    baseUrl: (env.CRS_BASE_URL || `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/+$/, ""),
    publicApi: ["on", "true", "1"].includes(publicApi),
    logLevel: env.CRS_LOG_LEVEL || "info",
    rateLimits,
    syncIntervalSeconds: int(env, "CRS_SYNC_INTERVAL_SECONDS", 300, 0, 86400 * 7),
    webRemoteAllow: webRemoteAllow(env.CRS_WEB_REMOTE_ALLOW),
    secretKey: secretKey(env.CRS_SECRET_KEY),
    reconcileIntervalSeconds: int(env, "CRS_RECONCILE_INTERVAL_SECONDS", 300, 0, 86400),
    trustProxy: ["1", "true", "on"].includes((env.CRS_TRUST_PROXY ?? "").toLowerCase()),
    bodyIdleTimeoutMs: int(env, "CRS_BODY_IDLE_TIMEOUT_MS", 30_000, 100, 3_600_000),
    corsOrigins: corsOrigins(env.CRS_CORS_ORIGINS),
    pricing: {
      baseCents: int(env, "CRS_PRICE_BASE_CENTS", 10, 0, 1_000_000),
      per1000LinesCents: int(env, "CRS_PRICE_PER_1000_LINES_CENTS", 5, 0, 1_000_000),
      changeContextLines: int(env, "CRS_CHANGE_CONTEXT_LINES", 10, 0, 1000),
      changeMaxLines: int(env, "CRS_CHANGE_MAX_LINES", 20_000, 1, 10_000_000),
      modelPer1000LinesCents: int(env, "CRS_PRICE_MODEL_PER_1000_LINES_CENTS", 20, 0, 1_000_000),
    },
    worker: {
      inProcess: !["off", "false", "0"].includes((env.CRS_WORKER_IN_PROCESS ?? "on").toLowerCase()),
      concurrency: int(env, "CRS_WORKER_CONCURRENCY", 2, 1, 64),
      threads: int(env, "CRS_WORKER_THREADS", Math.max(1, Math.min(4, availableParallelism())), 1, 64),
      pollMs: int(env, "CRS_WORKER_POLL_MS", 500, 10, 60_000),
      leaseSeconds: int(env, "CRS_WORKER_LEASE_SECONDS", 30, 2, 3600),
      maxNewFindings: int(env, "CRS_RUN_MAX_NEW_FINDINGS", 5000, 1, 1_000_000),
    },
    auth: {
      accessTokenSeconds: int(env, "CRS_OAUTH_ACCESS_TOKEN_SECONDS", 3600, 60, 86400),
      refreshTokenDays: int(env, "CRS_OAUTH_REFRESH_TOKEN_DAYS", 30, 1, 365),
      sessionHours: int(env, "CRS_SESSION_HOURS", 12, 1, 24 * 90),
      signInMaxFailures: int(env, "CRS_SIGN_IN_MAX_FAILURES", 10, 1, 10_000),
    },
  };
}
