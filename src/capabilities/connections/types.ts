// The connection as the host clients (src/platform/codehost/hosts, helper F's layer) take it.
// Kept structurally identical to that layer's HostConnection until the two branches meet.
export type HostAuth = { kind: "token"; token: string } | { kind: "app"; appId: number; privateKey: string; installationId: number };

export interface HostConnection {
  host: "github" | "gitlab";
  apiUrl: string;
  hostRepo: string;
  auth: HostAuth;
}

export const severities = ["info", "low", "medium", "high", "critical"] as const;
export type Severity = (typeof severities)[number];

/** The repository's review policy (admin-set); defaults when none was set. */
export interface ReviewPolicy {
  autoReview: boolean;
  /** Review pull requests whose head is in a fork. */
  forks: boolean;
  focuses: string[];
  /** The most one automatic run may cost; null: no cap beyond the workspace's. */
  maxRunPriceCents: number | null;
  /** The most automatic runs of this repository may cost per UTC day; null: none. */
  dailyCapCents: number | null;
  inlineComments: number;
  failAtSeverity: Severity;
}

export const defaultPolicy: ReviewPolicy = {
  autoReview: false,
  forks: false,
  focuses: [],
  maxRunPriceCents: null,
  dailyCapCents: null,
  inlineComments: 30,
  failAtSeverity: "high",
};
