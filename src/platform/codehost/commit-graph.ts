// What a mirror's commit graph answers: ancestry, first-parent histories, distances and merge bases.
// A commit's ancestry and history never change, so answers are cached for the life of the process
// (histories on disk too, for later processes: history-store.ts).
import { AppError } from "../../kernel/errors.ts";
import { runGit } from "./git.ts";
import { storedHistory, storeHistory } from "./history-store.ts";

const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const ancestryCacheSize = 50_000;
const historyCacheSize = 200;

export class CommitGraph {
  private ancestry = new Map<string, boolean>();
  private histories = new Map<string, string[]>();

  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Is `ancestor` on the history of `descendant` (a commit is its own ancestor)? */
  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    checkShas(ancestor, descendant);
    if (ancestor === descendant) return true;
    const key = `${ancestor}:${descendant}`;
    const hit = this.ancestry.get(key);
    if (hit !== undefined) return hit;
    const res = await runGit(["merge-base", "--is-ancestor", ancestor, descendant], { gitDir: this.dir });
    if (res.code !== 0 && res.code !== 1) throw gitFailed("is-ancestor");
    const yes = res.code === 0;
    if (this.ancestry.size >= ancestryCacheSize) this.ancestry.delete(this.ancestry.keys().next().value!);
    this.ancestry.set(key, yes);
    return yes;
  }

  /** `sha` and its first-parent ancestors, newest first, at most `max`. */
  async firstParents(sha: string, max: number): Promise<string[]> {
    checkShas(sha, sha);
    const key = `${sha}:${max}`;
    const hit = this.histories.get(key);
    if (hit) return hit;
    let list = storedHistory(this.dir, sha, max);
    if (!list) {
      const res = await runGit(["rev-list", "--first-parent", `--max-count=${max}`, sha], { gitDir: this.dir });
      if (res.code !== 0) throw gitFailed("rev-list");
      list = res.stdout.toString("latin1").split("\n").filter(Boolean);
      storeHistory(this.dir, sha, max, list);
    }
    if (this.histories.size >= historyCacheSize) this.histories.delete(this.histories.keys().next().value!);
    this.histories.set(key, list);
    return list;
  }

  /** Commits from `ancestor` (exclusive) to `descendant` (inclusive); null when not an ancestor. */
  async distance(ancestor: string, descendant: string): Promise<number | null> {
    if (!(await this.isAncestor(ancestor, descendant))) return null;
    const res = await runGit(["rev-list", "--count", `${ancestor}..${descendant}`], { gitDir: this.dir });
    if (res.code !== 0) throw gitFailed("rev-list");
    return Number(res.stdout.toString("latin1").trim());
  }

  /** The best common ancestor, or null when the histories are unrelated. */
  async mergeBase(a: string, b: string): Promise<string | null> {
    checkShas(a, b);
    const res = await runGit(["merge-base", a, b], { gitDir: this.dir });
    if (res.code === 1) return null;
    if (res.code !== 0) throw gitFailed("merge-base");
    return res.stdout.toString("latin1").trim();
  }
}

/** Mirror reads take full shas only: anything else is a caller's bug, never user input reaching git. */
export function checkShas(a: string, b: string): void {
  if (!fullSha.test(a) || !fullSha.test(b)) throw new AppError("internal_error", "A full commit sha was expected.");
}

function gitFailed(what: string): AppError {
  return new AppError("internal_error", `Reading the mirror failed (${what}).`, { details: { reason: "mirror_error" } });
}
