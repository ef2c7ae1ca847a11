// Resolves a parsed position against a repository's mirror to exactly one commit. The result's
// `at` pins that commit (`branch:main@<sha>`), so later pages and runs stay on it.
import { AppError } from "../../../kernel/errors.ts";
import type { Mirror } from "../../../platform/codehost/mirror.ts";
import type { ParsedPosition } from "./parse.ts";

export type PositionKind = "branch" | "pr" | "commit";

export interface ResolvedPosition {
  /** Canonical, pinned: branch:<name>@<sha>, pr:<number>@<sha> or commit:<sha> (full shas). */
  at: string;
  /** `default` resolves to kind "branch" on the default branch. */
  kind: PositionKind;
  /** Full ref name (refs/heads/main, refs/pull/7/head, refs/merge-requests/7/head); null for a commit. */
  ref: string | null;
  /** Full commit sha. */
  sha: string;
}

export type PositionUnavailableReason = "unknown_branch" | "unknown_pr" | "unknown_commit" | "ambiguous_commit" | "not_on_ref" | "mirror_unavailable";

/** What resolution needs from a mirror. */
export type PositionSource = Pick<Mirror, "exists" | "defaultHead" | "listRefs" | "resolveCommit" | "isAncestor">;

export function positionUnavailable(reason: PositionUnavailableReason, message: string): AppError {
  return new AppError("position_unavailable", message, { details: { reason } });
}

/**
 * `defaultBranch` is the repository's configured default branch; null uses the remote's HEAD.
 * Throws AppError position_unavailable with details.reason.
 */
export async function resolvePosition(mirror: PositionSource, parsed: ParsedPosition, defaultBranch: string | null): Promise<ResolvedPosition> {
  if (!mirror.exists()) throw positionUnavailable("mirror_unavailable", "The repository has not been mirrored yet; retry after its first sync.");
  if (parsed.kind === "commit") {
    const sha = await pinned(mirror, parsed.sha);
    return { at: `commit:${sha}`, kind: "commit", ref: null, sha };
  }
  if (parsed.kind === "default") {
    // The default head alone, from the ref files, before anything listed the refs (a cold inbox).
    const head = mirror.defaultHead(defaultBranch);
    if (head) return { at: `branch:${head.branch}@${head.sha}`, kind: "branch", ref: head.ref, sha: head.sha };
  }
  const refs = await mirror.listRefs();
  let name: string;
  let ref: { ref: string; sha: string } | undefined;
  let pin: string | null = null;
  if (parsed.kind === "pr") {
    ref = refs.pull(parsed.number);
    if (!ref) throw positionUnavailable("unknown_pr", `Pull request ${parsed.number} is not in the mirror.`);
    name = `pr:${parsed.number}`;
    pin = parsed.pin;
  } else {
    const branch = parsed.kind === "branch" ? parsed.name : (defaultBranch ?? refs.defaultBranch);
    if (!branch) throw positionUnavailable("unknown_branch", "The repository has no default branch.");
    ref = refs.branch(branch);
    if (!ref) throw positionUnavailable("unknown_branch", `Branch ${branch} is not in the mirror.`);
    name = `branch:${branch}`;
    pin = parsed.kind === "branch" ? parsed.pin : null;
  }
  let sha = ref.sha;
  if (pin) {
    sha = await pinned(mirror, pin);
    if (!(await mirror.isAncestor(sha, ref.sha))) {
      throw positionUnavailable("not_on_ref", `Commit ${sha} is not on the history of ${name}.`);
    }
  }
  return { at: `${name}@${sha}`, kind: parsed.kind === "pr" ? "pr" : "branch", ref: ref.ref, sha };
}

async function pinned(mirror: PositionSource, rev: string): Promise<string> {
  const r = await mirror.resolveCommit(rev);
  if (r.status === "ambiguous") throw positionUnavailable("ambiguous_commit", `The abbreviated sha ${rev} names several commits; give more digits.`);
  if (r.status === "missing") throw positionUnavailable("unknown_commit", `Commit ${rev} is not in the mirror.`);
  return r.sha;
}
