// A mirror's refs as the service reads them: the full listing (refs.ts), and the default branch's
// head read straight from the ref files while no current listing is loaded. Both are kept until the
// mirror's sync marker changes (a sync here drops them at once, one in another process is seen
// within 100 ms).
import { statSync } from "node:fs";
import { join } from "node:path";
import { branchTip, headBranch } from "./branch-tip.ts";
import { RefSnapshot, readRefs } from "./refs.ts";
import { syncMarker } from "./sync.ts";
import type { SyncResult } from "./sync.ts";

export interface DefaultHead {
  branch: string;
  /** refs/heads/<branch> */
  ref: string;
  sha: string;
}

export class RefCache {
  private snapshot: { key: number; refs: RefSnapshot } | null = null;
  private head: { key: number; configured: string | null; value: DefaultHead | null; checkedAt: number } | null = null;
  private checkedAt = 0;

  private readonly dir: string;
  private readonly lastSync: () => Promise<SyncResult | null>;
  private readonly peel: (oids: string[]) => Promise<Array<string | null>>;

  constructor(dir: string, lastSync: () => Promise<SyncResult | null>, peel: (oids: string[]) => Promise<Array<string | null>>) {
    this.dir = dir;
    this.lastSync = lastSync;
    this.peel = peel;
  }

  /** Forgets the listing and the head (after a sync or a removal of the mirror). */
  drop(): void {
    this.snapshot = null;
    this.head = null;
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
    const refs = await readRefs(this.dir, (await this.lastSync())?.syncedAt ?? null, this.peel);
    this.snapshot = { key, refs };
    return refs;
  }
}
