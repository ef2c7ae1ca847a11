// The mirrored refs of one repository, read with one `git for-each-ref` and indexed for lookups.
import { isUtf8 } from "node:buffer";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import { runGit } from "./git.ts";

export interface RefEntry {
  /** Branch or tag name without the refs/heads/ or refs/tags/ prefix. */
  name: string;
  /** Full ref name, e.g. refs/heads/main. */
  ref: string;
  /** The commit the ref points at (annotated tags peeled). */
  sha: string;
}

export interface PullRequestRef {
  number: number;
  /** refs/pull/N/head or refs/merge-requests/N/head (the first wins when both exist). */
  ref: string;
  sha: string;
}

export class RefSnapshot {
  readonly defaultBranch: string | null;
  /** ISO time of the sync these refs come from; null before the first sync. */
  readonly syncedAt: string | null;
  /** Sorted by name (code unit order). */
  readonly branches: RefEntry[];
  /** Sorted by name (code unit order). */
  readonly tags: RefEntry[];
  /** Sorted by number, highest first. */
  readonly pullRequests: PullRequestRef[];
  private readonly byBranch: Map<string, RefEntry>;
  private readonly byPull: Map<number, PullRequestRef>;

  constructor(defaultBranch: string | null, branches: RefEntry[], tags: RefEntry[], pulls: PullRequestRef[], syncedAt: string | null) {
    this.syncedAt = syncedAt;
    this.branches = branches.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.tags = tags.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.byPull = new Map();
    for (const p of pulls) if (!this.byPull.has(p.number) || p.ref.startsWith("refs/pull/")) this.byPull.set(p.number, p);
    this.pullRequests = [...this.byPull.values()].sort((a, b) => b.number - a.number);
    this.byBranch = new Map(this.branches.map((b) => [b.name, b]));
    this.defaultBranch = defaultBranch;
  }

  branch(name: string): RefEntry | undefined {
    return this.byBranch.get(name);
  }

  pull(n: number): PullRequestRef | undefined {
    return this.byPull.get(n);
  }
}

// Peeling in for-each-ref (%(*objectname)) parses every tag object and costs more than the rest
// of the listing together; annotated tags are peeled afterwards through the cat-file process.
const format = "%(refname)%00%(objectname)%00%(objecttype)";

/** Peels tag objects to the commits they name; null where a tag does not lead to a commit. */
export type Peeler = (tagOids: string[]) => Promise<Array<string | null>>;
const maxRefOutput = 256 * 1024 * 1024;

export async function readRefs(gitDir: string, syncedAt: string | null, peel: Peeler): Promise<RefSnapshot> {
  const res = await runGit(["for-each-ref", `--format=${format}`, "refs/heads/", "refs/tags/", "refs/pull/", "refs/merge-requests/"], {
    gitDir,
    maxBytes: maxRefOutput,
  });
  if (res.code !== 0) {
    throw new AppError("internal_error", "Reading the mirror's refs failed.", { details: { reason: "mirror_corrupt" } });
  }
  const branches: RefEntry[] = [];
  const tags: RefEntry[] = [];
  const pulls: PullRequestRef[] = [];
  const annotated: RefEntry[] = [];
  let start = 0;
  const out = res.stdout;
  while (start < out.length) {
    let end = out.indexOf(10, start);
    if (end < 0) end = out.length;
    const line = out.subarray(start, end);
    start = end + 1;
    // Ref names may hold any bytes; names that are not UTF-8 cannot be addressed through the API.
    if (!isUtf8(line)) continue;
    const [ref, oid, type] = line.toString("utf8").split("\0");
    if (!ref || !oid) continue;
    if (ref.startsWith("refs/tags/") && type === "tag") annotated.push({ name: ref.slice(10), ref, sha: oid });
    if (type !== "commit") continue;
    const sha = oid;
    if (ref.startsWith("refs/heads/")) branches.push({ name: ref.slice(11), ref, sha });
    else if (ref.startsWith("refs/tags/")) tags.push({ name: ref.slice(10), ref, sha });
    else {
      const m = /^refs\/(?:pull|merge-requests)\/([1-9][0-9]{0,9})\/head$/.exec(ref);
      if (m && Number(m[1]) <= 2 ** 31 - 1) pulls.push({ number: Number(m[1]), ref, sha });
    }
  }
  const peeled = await peel(annotated.map((t) => t.sha));
  annotated.forEach((t, i) => {
    if (peeled[i]) tags.push({ ...t, sha: peeled[i] });
  });
  // An unborn HEAD (empty remote, or HEAD naming a deleted branch) is no default branch.
  const head = await readHeadBranch(gitDir);
  const defaultBranch = head !== null && branches.some((b) => b.name === head) ? head : null;
  return new RefSnapshot(defaultBranch, branches, tags, pulls, syncedAt);
}

/** The branch HEAD names (set from the remote's HEAD at sync), or null. */
async function readHeadBranch(gitDir: string): Promise<string | null> {
  try {
    const head = (await readFile(join(gitDir, "HEAD"), "utf8")).trim();
    const m = /^ref: refs\/heads\/(.+)$/.exec(head);
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}
