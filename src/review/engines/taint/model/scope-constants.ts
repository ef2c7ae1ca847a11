// Constants known at a point of a function: its own bindings over the file's constants. Listing the
// file's constants walks its top-level declarations (native calls for every node); most functions
// never look one up, so the list is made when a lookup first reaches it.
//
// The answers are those of a full map copied from the file's constants at the function's start
// (what the analysis used before), including how a join drops a NaN (it compares with ===).

/** A local entry for a name known not to be constant here. */
const gone: unique symbol = Symbol("not constant");
type Entry = unknown;

export class ConstMap {
  /** Names bound in this function: a value, or `gone`. Values are never undefined. */
  private readonly local: Map<string, Entry>;
  /** The file's constants, computed on first use; null when the scope has none (top-level code). */
  private readonly base: (() => ReadonlyMap<string, unknown>) | null;
  /** False for a name the file's constants cannot hold (a cheap text check), so they stay unlisted. */
  private readonly maybe: (name: string) => boolean;
  /** After a join a full map would have dropped its NaN values. */
  private readonly joined: boolean;

  constructor(
    base: (() => ReadonlyMap<string, unknown>) | null = null,
    maybe: (name: string) => boolean = () => true,
    local = new Map<string, Entry>(),
    joined = false,
  ) {
    this.base = base;
    this.maybe = maybe;
    this.local = local;
    this.joined = joined;
  }

  has(name: string): boolean {
    return this.lookup(name) !== gone;
  }

  get(name: string): unknown {
    const v = this.lookup(name);
    return v === gone ? undefined : v;
  }

  set(name: string, value: unknown): void {
    this.local.set(name, value);
  }

  delete(name: string): void {
    this.local.set(name, gone);
  }

  clone(): ConstMap {
    return new ConstMap(this.base, this.maybe, new Map(this.local), this.joined);
  }

  /** Names constant with the same value on both paths. */
  static join(a: ConstMap, b: ConstMap): ConstMap {
    const local = new Map<string, Entry>();
    for (const k of new Set([...a.local.keys(), ...b.local.keys()])) {
      const la = a.local.get(k);
      const lb = b.local.get(k);
      if (la === gone || lb === gone) {
        local.set(k, gone);
        continue;
      }
      const va = la !== undefined ? la : a.lookup(k);
      const vb = lb !== undefined ? lb : b.lookup(k);
      local.set(k, va !== gone && va === vb ? va : gone);
    }
    // Names bound on neither path keep the file's value (both paths inherit it).
    return new ConstMap(a.base, a.maybe, local, true);
  }

  private lookup(name: string): Entry {
    const l = this.local.get(name);
    if (l !== undefined) return l;
    if (!this.base || !this.maybe(name)) return gone;
    const file = this.base();
    if (!file.has(name)) return gone;
    const v = file.get(name);
    return this.joined && typeof v === "number" && Number.isNaN(v) ? gone : v;
  }
}
