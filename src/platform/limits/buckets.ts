// The spec's rate-limit buckets (Limits → Rate limits), their default budgets, the
// CRS_RATE_LIMITS override syntax, and which buckets refuse work when the limiter is down.

export type Bucket =
  | "ip"
  | "mcp"
  | "reads"
  | "findings:write"
  | "runs:estimate"
  | "runs:write"
  | "runs:manage"
  | "documents"
  | "shared"
  | "oauth:register"
  | "settings"
  | "hooks"
  | "automatic";

export interface BucketLimit {
  /** Requests (points) allowed per window. */
  points: number;
  /** Window length in seconds; the window starts at the first charge of a key. */
  durationSeconds: number;
}

export type Limits = Readonly<Record<Bucket, BucketLimit>>;

export const DEFAULT_LIMITS: Limits = Object.freeze({
  ip: { points: 3000, durationSeconds: 60 },
  mcp: { points: 1500, durationSeconds: 60 },
  reads: { points: 1200, durationSeconds: 60 },
  "findings:write": { points: 120, durationSeconds: 60 },
  "runs:estimate": { points: 30, durationSeconds: 3600 },
  "runs:write": { points: 20, durationSeconds: 3600 },
  "runs:manage": { points: 60, durationSeconds: 60 },
  documents: { points: 60, durationSeconds: 600 },
  // Estimates, starts and document operations together, with the same actions in the web app.
  shared: { points: 60, durationSeconds: 60 },
  // Open client registration, per address: each client is kept for days, so the budget is hourly.
  "oauth:register": { points: 20, durationSeconds: 3600 },
  // The app's developer settings (API keys, authorized apps, password, workspace), per user.
  settings: { points: 30, durationSeconds: 60 },
  // Webhook deliveries (/hooks/*), per sending address: hosts deliver from few addresses, so this
  // replaces the ip budget there.
  hooks: { points: 12_000, durationSeconds: 60 },
  // Automatic runs (webhooks, reconciliation), per connected repository.
  automatic: { points: 120, durationSeconds: 3600 },
});

export const BUCKETS: readonly Bucket[] = Object.keys(DEFAULT_LIMITS) as Bucket[];

// Errors rule 3: when the limiter is down only reads (and the request-level ip/mcp budgets,
// which every read also passes through) carry on; everything that changes state or spends is
// refused, client registration included.
const FAIL_CLOSED: ReadonlySet<Bucket> = new Set<Bucket>([
  "findings:write",
  "runs:estimate",
  "runs:write",
  "runs:manage",
  "documents",
  "shared",
  "oauth:register",
  "settings",
]);

export function failsClosed(bucket: Bucket): boolean {
  return FAIL_CLOSED.has(bucket);
}

/** True for the buckets counted per IP address rather than per user. */
export function isPerIp(bucket: Bucket): boolean {
  return bucket === "ip" || bucket === "oauth:register" || bucket === "hooks";
}

export function isBucket(name: string): name is Bucket {
  return (BUCKETS as readonly string[]).includes(name);
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };
const MAX_POINTS = 1_000_000_000;
const MAX_WINDOW_SECONDS = 7 * 24 * 3600;
const ENTRY = /^([a-z:]+)=(\d{1,10})\/(\d{1,7})?([smh])$/;

/**
 * Parses CRS_RATE_LIMITS, e.g. `reads=5/1m,runs:write=2/1h,ip=100/1m` (units s, m, h; the
 * count before the unit is optional: `5/m`). Unnamed buckets keep the spec's values.
 * Throws an Error naming the bad entry; the config loader turns that into a start-up failure.
 */
export function parseRateLimits(spec: string | undefined): Limits {
  const limits: Record<Bucket, BucketLimit> = { ...DEFAULT_LIMITS };
  if (spec === undefined || spec.trim() === "") return Object.freeze(limits);
  const seen = new Set<Bucket>();
  for (const raw of spec.split(",")) {
    const entry = raw.trim();
    const match = ENTRY.exec(entry);
    if (!match) {
      throw new Error(`CRS_RATE_LIMITS: cannot parse "${entry}"; expected bucket=count/window such as reads=5/1m (units s, m, h)`);
    }
    const [, name, count, windowCount, unit] = match as unknown as [string, string, string, string | undefined, string];
    if (!isBucket(name)) {
      throw new Error(`CRS_RATE_LIMITS: unknown bucket "${name}"; known buckets are ${BUCKETS.join(", ")}`);
    }
    if (seen.has(name)) throw new Error(`CRS_RATE_LIMITS: bucket "${name}" is given twice`);
    seen.add(name);
    const points = Number(count);
    const durationSeconds = Number(windowCount ?? "1") * (UNIT_SECONDS[unit] ?? 0);
    if (points < 1 || points > MAX_POINTS) {
      throw new Error(`CRS_RATE_LIMITS: "${entry}": count must be between 1 and ${MAX_POINTS}`);
    }
    if (durationSeconds < 1 || durationSeconds > MAX_WINDOW_SECONDS) {
      throw new Error(`CRS_RATE_LIMITS: "${entry}": window must be between 1s and 168h`);
    }
    limits[name] = { points, durationSeconds };
  }
  return Object.freeze(limits);
}
