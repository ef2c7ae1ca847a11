// One Mirror object per repository id in a process, so each mirror has one cat-file process and
// one ref cache however many requests use it.
import { Mirror } from "./mirror.ts";

export class MirrorPool {
  readonly root: string;
  private mirrors = new Map<string, Mirror>();

  constructor(root: string) {
    this.root = root;
  }

  get(id: number | string): Mirror {
    const key = String(id);
    let m = this.mirrors.get(key);
    if (!m) {
      m = new Mirror(this.root, key);
      this.mirrors.set(key, m);
    }
    return m;
  }

  /** Deletes a repository's mirror from disk and forgets it. */
  async remove(id: number | string): Promise<void> {
    const m = this.get(id);
    this.mirrors.delete(String(id));
    await m.remove();
    m.close();
  }

  closeAll(): void {
    for (const m of this.mirrors.values()) m.close();
    this.mirrors.clear();
  }
}
