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
  const entry = (await mirror.listTree(sha, { sizes: false })).find((e) => e.path === repoConfigPath);
  if (!entry) return { oid: null, config: null, warning: null };
  const known = parsed.get(entry.oid);
  if (known) return known;
  let out: RepoConfigAt;
  if (entry.kind !== "file") out = { oid: entry.oid, config: null, warning: `${repoConfigPath} ignored: not a regular file` };
  else {
    let content: Buffer | null = null;
    for await (const f of mirror.readFiles(sha, [entry.pathBytes], { maxBytes: repoConfigMaxBytes })) content = f.content;
    const r = content === null ? { config: null, warning: `${repoConfigPath} ignored: larger than ${repoConfigMaxBytes} bytes` } : parseRepoConfig(content);
    out = { oid: entry.oid, ...r };
  }
  if (parsed.size >= 1000) parsed.delete(parsed.keys().next().value!);
  parsed.set(entry.oid, out);
  return out;
}

/** The request's scope and the file's skip globs together, as one path test (null: everything). */
export function withSkips(inScope: ((p: string) => boolean) | null, at: RepoConfigAt): ((p: string) => boolean) | null {
  if (!at.config?.skip.length) return inScope;
  const applied = applyRepoConfig(at.config);
  return (p) => applied.reviewed(p) && (!inScope || inScope(p));
}
