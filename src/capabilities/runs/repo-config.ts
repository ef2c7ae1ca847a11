// A repository's `.crs.yml` at a commit (the reviewed one; for a change, its head), as runs use it:
// its paths to skip leave the estimate and the review, its rules and severities tune the findings,
// and its blob id is part of what a quote binds. Parsed once per blob.
import type { Mirror } from "../../platform/codehost/index.ts";
import { parseRepoConfig, repoConfigMaxBytes, repoConfigPath, type RepoConfig } from "../../review/index.ts";
import { applyRepoConfig } from "../../review/index.ts";

export interface RepoConfigAt {
  /** The file's blob id, or null when the commit has none. */
  oid: string | null;
  config: RepoConfig | null;
  /** Why the file was ignored (the run completes without it), or null. */
  warning: string | null;
}

const parsed = new Map<string, RepoConfigAt>();

export async function repoConfigAt(mirror: Mirror, sha: string): Promise<RepoConfigAt> {
  // One cat-file lookup, not a tree listing: a change estimate of a large repository stays cheap.
  const file = await mirror.fileAt(sha, repoConfigPath, repoConfigMaxBytes);
  if (!file) return { oid: null, config: null, warning: null };
  const known = parsed.get(file.oid);
  if (known) return known;
  const tooLarge = { config: null, warning: `${repoConfigPath} ignored: larger than ${repoConfigMaxBytes} bytes` };
  const r = file.content === null ? tooLarge : parseRepoConfig(file.content);
  const out: RepoConfigAt = { oid: file.oid, ...r };
  if (parsed.size >= 1000) parsed.delete(parsed.keys().next().value!);
  parsed.set(file.oid, out);
  return out;
}

/** The request's scope and the file's skip globs together, as one path test (null: everything). */
export function withSkips(inScope: ((p: string) => boolean) | null, at: RepoConfigAt): ((p: string) => boolean) | null {
  if (!at.config?.skip.length) return inScope;
  const applied = applyRepoConfig(at.config);
  return (p) => applied.reviewed(p) && (!inScope || inScope(p));
}
