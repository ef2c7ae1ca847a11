// Shapes of the connections capability. The connection itself is the host clients' (platform/codehost/hosts).
export type { HostAuth, HostConnection } from "../../platform/codehost/hosts/index.ts";

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
