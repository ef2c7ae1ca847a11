// One bare mirror of one repository, under `<root>/<id>.git`. Everything the service reads from
// git goes through here. Reads are cached where git's answer cannot change (ancestry of two shas)
// or until the next sync (the ref snapshot).
import { existsSync, statSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import { CatFile } from "./cat-file.ts";
import { diffCommits } from "./diff.ts";
import type { FileChange } from "./diff.ts";
import { runGit } from "./git.ts";
import { readFiles } from "./read-files.ts";
import type { FileRead, ReadFilesOptions } from "./read-files.ts";
import { branchTip, headBranch } from "./branch-tip.ts";
import { storedHistory, storeHistory } from "./history-store.ts";
import { RefSnapshot, readRefs } from "./refs.ts";
import { probeRemote, syncMarker, syncMirror } from "./sync.ts";
import type { AccessProbe, SyncOptions, SyncResult } from "./sync.ts";
import { listTree } from "./tree.ts";
import type { TreeEntry } from "./tree.ts";

export interface DefaultHead {
  branch: string;
  /** refs/heads/<branch> */
  ref: string;
  sha: string;
}

export type ResolvedCommit = { status: "found"; sha: string } | { status: "missing" } | { status: "ambiguous" };

const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const ancestryCacheSize = 50_000;
// Per process, per directory: two syncs of one mirror never overlap here; across processes the
// caller holds a database lock.
const syncing = new Map<string, Promise<unknown>>();

export class Mirror {
  readonly id: string;
  readonly dir: string;
  private cat: CatFile;
  private snapshot: { key: number; refs: RefSnapshot } | null = null;
  private head: { key: number; configured: string | null; value: DefaultHead | null; checkedAt: number } | null = null;
  private existedAt = 0;
  private checkedAt = 0;
  private ancestry = new Map<string, boolean>();
  private histories = new Map<string, string[]>();
  private trees: Array<{ sha: string; sizes: boolean; entries: Promise<TreeEntry[]> }> = [];

  constructor(root: string, id: number | string) {
    this.id = String(id);
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(this.id)) throw new AppError("internal_error", "Invalid mirror id.");
    this.dir = join(resolve(root), `${this.id}.git`);
    this.cat = new CatFile(this.dir);
  }

  /**
   * True once a first sync has succeeded. Asked several times per repository on every read of a
   * position (an organization-wide list asks it for every repository), and a synced mirror is only
   * removed with its repository (MirrorPool.remove, which forgets this object), so a yes is trusted
   * for a second.
   */
  exists(): boolean {
    const now = Date.now();
    if (now - this.existedAt < 1000) return true;
    const yes = existsSync(join(this.dir, syncMarker));
    if (yes) this.existedAt = now;
    return yes;
  }

  /** The last successful sync, read from the mirror (shared by every process using the directory). */
  async lastSync(): Promise<SyncResult | null> {
    try {
      return JSON.parse(await readFile(join(this.dir, syncMarker), "utf8")) as SyncResult;
    } catch {
      return null;
    }
  }

  /** Create or fetch the mirror (--prune; branches, tags, PR refs). Throws AppError on remote failure. */
  async sync(remote: string, opts: SyncOptions): Promise<SyncResult> {
    const prev = syncing.get(this.dir);
    if (prev) await prev.catch(() => {});
    const run = syncMirror(this.dir, remote, opts);
    syncing.set(this.dir, run);
    try {
      return await run;
    } finally {
      if (syncing.get(this.dir) === run) syncing.delete(this.dir);
      this.snapshot = null;
      this.head = null;
      this.trees = [];
      this.cat.recycle();
    }
  }

  probeAccess(remote: string, opts: SyncOptions = { timeoutMs: 30_000 }): Promise<AccessProbe> {
    return probeRemote(remote, opts);
  }

  /**
   * The default branch's head (`configured`, else the remote's HEAD) read from the ref files, while
   * no current ref listing is loaded: a process's first read of a position at a default head then
   * starts no git process. Null: ask listRefs (loaded already, or the files did not say plainly).
   * Cached until a sync like the listing, checked at most every 100 ms.
   */
  defaultHead(configured: string | null): DefaultHead | null {
    const now = Date.now();
    const held = this.head;
    if (held && held.configured === configured && now - held.checkedAt < 100) return held.value;
    let key: number;
    try {
      key = statSync(join(this.dir, syncMarker)).mtimeMs;
    } catch {
      return null;
    }
    if (this.snapshot?.key === key) {
      // The listing is current: answer null without another stat for 100 ms, as listRefs does.
      this.head = { key, configured, value: null, checkedAt: now };
      return null;
    }
    if (held && held.configured === configured && held.key === key && held.value !== null) {
      held.checkedAt = now;
      return held.value;
    }
    const branch = configured ?? headBranch(this.dir);
    const sha = branch === null ? null : branchTip(this.dir, branch);
    const value = branch !== null && sha !== null ? { branch, ref: `refs/heads/${branch}`, sha } : null;
    this.head = { key, configured, value, checkedAt: now };
    return value;
  }

  /** Mirrored refs; an empty snapshot (syncedAt null) before the first sync. Cached until a sync. */
  async listRefs(): Promise<RefSnapshot> {
    // An organization-wide list reads every repository's refs on every request, and the stat below
    // was most of its cost: a snapshot checked less than 100 ms ago is used as it is. A sync in this
    // process drops the snapshot at once; one in another process is seen within 100 ms.
    const now = Date.now();
    if (this.snapshot && now - this.checkedAt < 100) return this.snapshot.refs;
    let key: number;
    try {
      // Synchronous: a stat takes microseconds, while queueing it on libuv's few threads behind
      // other requests' I/O made busy list pages wait.
      key = statSync(join(this.dir, syncMarker)).mtimeMs;
    } catch {
      return new RefSnapshot(null, [], [], [], null);
    }
    this.checkedAt = now;
    if (this.snapshot?.key === key) return this.snapshot.refs;
    const refs = await readRefs(this.dir, (await this.lastSync())?.syncedAt ?? null, (oids) => this.peel(oids));
    this.snapshot = { key, refs };
    return refs;
  }

  private async peel(oids: string[]): Promise<Array<string | null>> {
    const got = await this.cat.info(oids.map((o) => `${o}^{commit}`));
    return got.map((r) => ("oid" in r && r.type === "commit" ? r.oid : null));
  }

  /** A full or abbreviated hex sha (4 to 64 characters) to the commit it names. */
  async resolveCommit(rev: string): Promise<ResolvedCommit> {
    if (!/^[0-9a-fA-F]{4,64}$/.test(rev) || !this.exists()) return { status: "missing" };
    const name = rev.toLowerCase();
    const [r] = await this.cat.info([`${name}^{commit}`]);
    if (r && "oid" in r && r.type === "commit") return { status: "found", sha: r.oid };
    // With ^{commit}, git reports an abbreviation shared by several commits as missing; ask plainly.
    const [plain] = await this.cat.info([name]);
    return plain && "ambiguous" in plain ? { status: "ambiguous" } : { status: "missing" };
  }

  /** Is `ancestor` on the history of `descendant` (a commit is its own ancestor)? */
  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    check(ancestor, descendant);
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

  /**
   * `sha` and its first-parent ancestors, newest first, at most `max` (the history a position's
   * findings are read along). A commit's history never changes: cached per sha, in memory and on
   * disk for later processes (history-store.ts).
   */
  async firstParents(sha: string, max: number): Promise<string[]> {
    check(sha, sha);
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
    if (this.histories.size >= 200) this.histories.delete(this.histories.keys().next().value!);
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
    check(a, b);
    const res = await runGit(["merge-base", a, b], { gitDir: this.dir });
    if (res.code === 1) return null;
    if (res.code !== 0) throw gitFailed("merge-base");
    return res.stdout.toString("latin1").trim();
  }

  /** Files changed from base to head, with renames and changed line ranges. */
  diff(base: string, head: string, signal?: AbortSignal): Promise<FileChange[]> {
    check(base, head);
    return diffCommits(this.dir, base, head, signal);
  }

  /** Files at a commit (submodules, escaping symlinks and unsafe paths left out). Cached for the last two listings. */
  listTree(sha: string, opts: { sizes?: boolean } = {}): Promise<TreeEntry[]> {
    check(sha, sha);
    const sizes = opts.sizes ?? true;
    // A listing with sizes also serves a request without them.
    const hit = this.trees.find((t) => t.sha === sha && (t.sizes || !sizes));
    if (hit) return hit.entries;
    const entries = listTree(this.dir, sha, this.cat, sizes);
    entries.catch(() => {
      this.trees = this.trees.filter((t) => t.entries !== entries);
    });
    this.trees = [{ sha, sizes, entries }, ...this.trees].slice(0, 2);
    return entries;
  }

  /**
   * One file at a commit by its (fixed, trusted) path, without listing the tree: its blob id and
   * content (null when larger than maxBytes), or null when the commit has no such blob.
   */
  async fileAt(sha: string, path: string, maxBytes: number): Promise<{ oid: string; content: Buffer | null } | null> {
    check(sha, sha);
    const [info] = await this.cat.info([`${sha}:${path}`]);
    if (!info || !("oid" in info) || info.type !== "blob") return null;
    const [got] = await this.cat.contents([info.oid], maxBytes);
    return got && "oid" in got ? { oid: got.oid, content: got.content } : null;
  }

  /**
   * Contents of files at a commit (all regular files when `paths` is omitted), in order. Uses a
   * cached listTree when there is one, else a faster listing without sizes.
   */
  readFiles(sha: string, paths?: Iterable<string | Buffer>, opts: ReadFilesOptions = {}): AsyncIterable<FileRead> {
    return readFiles(this.cat, () => this.listTree(sha, { sizes: false }), paths, opts);
  }

  /** Deletes the mirror directory (repository removed). */
  async remove(): Promise<void> {
    this.close();
    this.cat = new CatFile(this.dir);
    this.existedAt = 0;
    await rm(this.dir, { recursive: true, force: true });
    this.snapshot = null;
  }

  close(): void {
    this.cat.close();
  }
}

function check(a: string, b: string): void {
  if (!fullSha.test(a) || !fullSha.test(b)) throw new AppError("internal_error", "A full commit sha was expected.");
}

function gitFailed(what: string): AppError {
  return new AppError("internal_error", `Reading the mirror failed (${what}).`, { details: { reason: "mirror_error" } });
}
