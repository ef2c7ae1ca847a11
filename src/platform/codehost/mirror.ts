// One bare mirror of one repository, under `<root>/<id>.git`. Everything the service reads from
// git goes through here. Reads are cached where git's answer cannot change (the commit graph:
// commit-graph.ts) or until the next sync (the ref snapshot, the last tree listings).
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { AppError } from "../../kernel/errors.ts";
import { CatFile } from "./cat-file.ts";
import { CommitGraph, checkShas } from "./commit-graph.ts";
import { diffCommits } from "./diff.ts";
import type { FileChange } from "./diff.ts";
import { readFiles } from "./read-files.ts";
import type { FileRead, ReadFilesOptions } from "./read-files.ts";
import type { RefSnapshot } from "./refs.ts";
import { RefCache } from "./ref-cache.ts";
import type { DefaultHead } from "./ref-cache.ts";
import { probeRemote, syncMarker, syncMirror } from "./sync.ts";
import type { AccessProbe, SyncOptions, SyncResult } from "./sync.ts";
import { listTree } from "./tree.ts";
import type { TreeEntry } from "./tree.ts";

export type ResolvedCommit = { status: "found"; sha: string } | { status: "missing" } | { status: "ambiguous" };

// Per process, per directory: two syncs of one mirror never overlap here; across processes the
// caller holds a database lock.
const syncing = new Map<string, Promise<unknown>>();

export class Mirror {
  readonly id: string;
  readonly dir: string;
  private cat: CatFile;
  private existedAt = 0;
  private readonly graph: CommitGraph;
  private readonly refs: RefCache;
  private trees: Array<{ sha: string; sizes: boolean; entries: Promise<TreeEntry[]> }> = [];

  constructor(root: string, id: number | string) {
    this.id = String(id);
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(this.id)) throw new AppError("internal_error", "Invalid mirror id.");
    this.dir = join(resolve(root), `${this.id}.git`);
    this.cat = new CatFile(this.dir);
    this.graph = new CommitGraph(this.dir);
    this.refs = new RefCache(
      this.dir,
      () => this.lastSync(),
      (oids) => this.peel(oids),
    );
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
      this.refs.drop();
      this.trees = [];
      this.cat.recycle();
    }
  }

  probeAccess(remote: string, opts: SyncOptions = { timeoutMs: 30_000 }): Promise<AccessProbe> {
    return probeRemote(remote, opts);
  }

  /** The default branch's head read from the ref files (ref-cache.ts); null: ask listRefs. */
  defaultHead(configured: string | null): DefaultHead | null {
    return this.refs.defaultHead(configured);
  }

  /** Mirrored refs; an empty snapshot (syncedAt null) before the first sync. Cached until a sync. */
  listRefs(): Promise<RefSnapshot> {
    return this.refs.listRefs();
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
  isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    return this.graph.isAncestor(ancestor, descendant);
  }

  /** `sha` and its first-parent ancestors, newest first, at most `max` (the history a position's findings are read along). */
  firstParents(sha: string, max: number): Promise<string[]> {
    return this.graph.firstParents(sha, max);
  }

  /** Commits from `ancestor` (exclusive) to `descendant` (inclusive); null when not an ancestor. */
  distance(ancestor: string, descendant: string): Promise<number | null> {
    return this.graph.distance(ancestor, descendant);
  }

  /** The best common ancestor, or null when the histories are unrelated. */
  mergeBase(a: string, b: string): Promise<string | null> {
    return this.graph.mergeBase(a, b);
  }

  /** Files changed from base to head, with renames and changed line ranges. */
  diff(base: string, head: string, signal?: AbortSignal): Promise<FileChange[]> {
    checkShas(base, head);
    return diffCommits(this.dir, base, head, signal);
  }

  /** Files at a commit (submodules, escaping symlinks and unsafe paths left out). Cached for the last two listings. */
  listTree(sha: string, opts: { sizes?: boolean } = {}): Promise<TreeEntry[]> {
    checkShas(sha, sha);
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
    checkShas(sha, sha);
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
    this.refs.drop();
  }

  close(): void {
    this.cat.close();
  }
}
