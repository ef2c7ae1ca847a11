// Public types of the review engine. The engine takes files and returns findings; it knows no
// database. Runs (server) and `crs review` (offline) both consume these shapes.

export const severities = ["info", "low", "medium", "high", "critical"] as const;
export type Severity = (typeof severities)[number];
export type Confidence = "low" | "medium" | "high";

export interface SourceFile {
  /** Repository-relative path with forward slashes. */
  path: string;
  content: Buffer;
}

export interface Location {
  path: string;
  /** 1-based lines and columns; endColumn is exclusive. */
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
  snippet?: string;
  /** What this location is in the finding's story (e.g. "source: req.query.id"). */
  message?: string;
}

export interface SuggestedFix {
  description: string;
  /** Replacement text for the primary location's range. */
  replacement: string;
  /** The same change as a unified diff (model findings: whole lines replaced). */
  patch?: string;
}

export interface Finding {
  ruleId: string;
  title: string;
  /** Why it is a problem and how to fix it (markdown). */
  description: string;
  severity: Severity;
  cwe: number[];
  confidence: Confidence;
  tags: string[];
  location: Location;
  relatedLocations: Location[];
  fix?: SuggestedFix;
  /** Stable over line shifts and whitespace edits; changes when the matched code changes. */
  fingerprint: string;
  /** Taint findings: source -> steps -> sink, in order (exported to SARIF as a codeFlow). */
  flow?: Location[];
  /** Which engine produced it: "pattern", "secrets", "taint", "model". */
  engine: string;
  /** Set when a `crs-ignore` comment suppresses it (suppressions.ts): still reported, never dropped. */
  suppression?: Suppression;
  /** Engine-internal: judged once the tree's configuration is known (config-values.ts); never returned. */
  lookup?: ConfigLookup;
}

export interface Suppression {
  /** The comment's reason (may be empty). */
  text: string;
  /** The comment's line. */
  line: number;
  /** Change review: the comment is on a line the change adds. */
  addedByChange: boolean;
}

/** A value read from configuration by a literal key, weak when it matches `value` (a regex, case-insensitive). */
export interface ConfigLookup {
  key: string;
  /** What the code uses when no configuration file sets the key. */
  fallback?: string;
  value: string;
}

export type SkipReason =
  | "vendored"
  | "generated"
  | "minified"
  | "binary"
  | "too_large"
  | "unsupported_language"
  | "time_budget"
  | "unreadable"
  | "out_of_scope"
  | "symlink"
  | "engine_error";

export interface SkippedFile {
  path: string;
  reason: SkipReason;
  detail?: string;
}

export interface RuleProblem {
  file: string;
  line?: number;
  reason: string;
}
