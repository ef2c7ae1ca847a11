// Context files of cross-file summaries (driver/cross-file-context.ts): each parsed once with its own rules, kept
// for the files analysed after it, and the one definition a call into it runs.
import { parse } from "@ast-grep/napi";
import type { Lang } from "@ast-grep/napi";
import { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { slotCount } from "../syntax/syntax-types.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { FileDefs } from "../functions/file-defs.ts";
import type { Def } from "../functions/file-defs.ts";
import type { Shared } from "../evaluators/function-summaries.ts";

/** A context file parsed, with its own rules (Python: its own import names); null when it does not parse. */
export function parseContext(syn: Syntax, source: string, rulesOf: (source: string) => CompiledRules): Shared | null {
  try {
    const root = new TNode(parse(syn.parseLang as Lang, source).root());
    const defs = new FileDefs(syn, source, root, null);
    defs.declarations = true;
    return { root, defs, source, rules: rulesOf(source), memo: new Map(), ext: null, helpers: null };
  } catch {
    return null;
  }
}

/**
 * Context files parsed, with their summaries, kept for the files analysed after them (a helper
 * class is context of hundreds of files): the least recently used go past `cap` characters of
 * source. A summary depends only on its own file (its calls into other files stay unknown).
 */
export class ContextTrees {
  private readonly entries = new Map<string, { value: unknown; size: number }>();
  private size = 0;
  private readonly cap: number;

  constructor(cap = 2 << 20) {
    this.cap = cap;
  }

  get(key: string): unknown {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: unknown, size: number): void {
    const old = this.entries.get(key);
    if (old) this.size -= old.size;
    this.entries.delete(key);
    this.entries.set(key, { value, size });
    this.size += size;
    for (const [k, e] of this.entries) {
      if (this.size <= this.cap || k === key) break;
      this.entries.delete(k);
      this.size -= e.size;
    }
  }
}

/**
 * The one function a call into a context file runs: by name, class (null: a top-level function) and number of
 * arguments, with a body; null when none or several match. Picked once per context file and call shape (the same
 * helper is called from hundreds of files).
 */
export function pickDefinition(syn: Syntax, shared: Shared, cls: string | null, fn: string, argc: number): Def | null {
  let picked = definitions.get(shared);
  if (!picked) definitions.set(shared, (picked = new Map()));
  const key = `${cls ?? ""}\0${fn}\0${argc}`;
  let def = picked.get(key);
  if (def === undefined) {
    const python = syn.ruleLanguage === "python";
    // Python and JavaScript calls may leave out trailing parameters (defaults); Java's arity is exact.
    const fewer = syn.ruleLanguage !== "java";
    const cands = shared.defs.named(fn).filter((d) => {
      const n = slotCount(d.params) - d.skip;
      if (d.variadic || (fewer ? argc > n : argc !== n) || !hasBody(d, python)) return false;
      return cls ? d.ownerIsClass && d.ownerName === cls : !d.ownerIsClass && !d.owner;
    });
    def = cands.length === 1 ? cands[0]! : null;
    picked.set(key, def);
  }
  return def;
}

/** pickDefinition's picks by context file (its summaries' state) and call shape (class, function, arity). */
const definitions = new WeakMap<Shared, Map<string, Def | null>>();

/** An interface's or abstract method's declaration (Python: `...`, `pass`, `raise NotImplementedError`) summarises nothing. */
function hasBody(d: Def, python: boolean): boolean {
  const body = d.node.field("body");
  if (!body) return false;
  const r = body.range();
  return !python || r.end.index - r.start.index > 400 || !stub.test(body.text());
}
const stub = /^(?:(?:"""[\s\S]*?"""|'''[\s\S]*?'''|'[^'\n]*'|"[^"\n]*")\s*)?(?:\.\.\.|pass|raise\s+NotImplementedError\b[^\n]*)?\s*$/;
