// `.crs.yml` at a repository's root: how a team tunes reviews of its code. Paths to skip (globs),
// rules turned off or back on (by id or by a `prefix.*`), and severities per rule. Runs and
// `crs review` read the same file through this module; a file that does not parse or fit the
// schema is ignored as a whole (with the reason), never half applied.
import picomatch from "picomatch";
import { parse } from "yaml";
import { z } from "zod";
import { severities, type Finding, type Severity } from "./types.ts";

export const repoConfigPath = ".crs.yml";
/** A larger file is refused rather than parsed (it is repository content, hence hostile). */
export const repoConfigMaxBytes = 64 * 1024;

const selector = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+(\.\*)?$|^\*$/, "a rule id, a prefix ending in .*, or *")
  .describe("A rule id (js.sql-injection), a prefix ending in .* (js.taint.*), or * for every rule.");

export const repoConfigSchema = z
  .object({
    version: z.literal(1).optional().describe("Schema version; 1."),
    skip: z.array(z.string().min(1).max(500)).max(200).default([]).describe("Path globs (picomatch, from the repository root) never reviewed nor priced."),
    rules: z
      .record(selector, z.enum(["on", "off"]))
      .default({})
      .describe("on or off per rule id or prefix; the most specific selector wins."),
    severity: z.record(selector, z.enum(severities)).default({}).describe("A severity per rule id or prefix; the most specific selector wins."),
  })
  .strict()
  .describe("The .crs.yml schema.");

export type RepoConfig = z.infer<typeof repoConfigSchema>;

export type RepoConfigResult = { config: RepoConfig; warning: null } | { config: null; warning: string };

/** Parses the file's bytes; an unusable file gives a warning that says why, and no config. */
export function parseRepoConfig(content: Buffer | string): RepoConfigResult {
  const size = typeof content === "string" ? Buffer.byteLength(content) : content.length;
  if (size > repoConfigMaxBytes) return { config: null, warning: `${repoConfigPath} ignored: larger than ${repoConfigMaxBytes} bytes` };
  let doc: unknown;
  try {
    doc = parse(content.toString(), { maxAliasCount: 100, uniqueKeys: true });
  } catch (err) {
    return { config: null, warning: `${repoConfigPath} ignored: not YAML (${(err as Error).message.split("\n")[0]!.slice(0, 200)})` };
  }
  const parsed = repoConfigSchema.safeParse(doc ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join(".") : "(root)";
    return { config: null, warning: `${repoConfigPath} ignored: ${where}: ${issue.message}`.slice(0, 500) };
  }
  return { config: parsed.data, warning: null };
}

/** How specific a selector is for `id`: -1 when it does not match; an exact id beats any prefix. */
function specificity(sel: string, id: string): number {
  if (sel === id) return Number.MAX_SAFE_INTEGER;
  if (sel === "*") return 0;
  if (sel.endsWith(".*") && id.startsWith(sel.slice(0, -1))) return sel.length;
  return -1;
}

function mostSpecific<T>(table: Record<string, T>, id: string): T | undefined {
  let best = -1;
  let value: T | undefined;
  for (const [sel, v] of Object.entries(table)) {
    const s = specificity(sel, id);
    if (s > best) {
      best = s;
      value = v;
    }
  }
  return value;
}

/** The config as the engine applies it. */
export interface AppliedRepoConfig {
  /** True when the path is to be reviewed (not under a skip glob). */
  reviewed: (path: string) => boolean;
  ruleOn: (ruleId: string) => boolean;
  severityOf: (ruleId: string, severity: Severity) => Severity;
}

export function applyRepoConfig(config: RepoConfig): AppliedRepoConfig {
  const skip = config.skip.length ? picomatch(config.skip, { dot: true }) : null;
  return {
    reviewed: (path) => !skip?.(path),
    ruleOn: (id) => mostSpecific(config.rules, id) !== "off",
    severityOf: (id, severity) => mostSpecific(config.severity, id) ?? severity,
  };
}

/** Findings of rules turned off are dropped; overridden severities are set. */
export function tuneFindings(findings: Finding[], applied: AppliedRepoConfig): Finding[] {
  return findings
    .filter((f) => applied.ruleOn(f.ruleId))
    .map((f) => {
      const severity = applied.severityOf(f.ruleId, f.severity);
      return severity === f.severity ? f : { ...f, severity };
    });
}
