// Abstract values: clean (null) or a taint with its flow, and how values combine.
import type { TNode } from "../syntax/node.ts";
import { allClassesMask, classBit, namedOnlyMask } from "../syntax/classes.ts";

/** One point of a flow, linked backwards to the source; shared between values to avoid copies. */
export interface Step {
  node: TNode;
  /** "source", "step" (assignment) or "param". */
  kind: string;
  sourceId: string;
  prev: Step | null;
}

export interface Taint {
  /** Bits of the classes this value was sanitized for. */
  mask: number;
  confidence: "high" | "medium" | "low";
  step: Step;
  /** Set when only these fields of an object were written with tainted data (obj.f = tainted). */
  fields?: ReadonlySet<string>;
  /** With fields: a field's own sanitized classes where they are more than `mask` (`{ cwd: this.cwd, mode }`: the
   * caller's directory setting is no path traversal, its mode is). One flow stands for all the fields. */
  fieldMasks?: ReadonlyMap<string, number>;
  /** With fields: an object literal of the program's (driver/expressions.ts evObject), not a request's members: what
   * an unknown function makes of it may be a string built from any of them (`render({ name })`), so it is whole there. */
  built?: true;
  /** An argument vector whose program is a fixed command other than a shell: its tainted elements are separate arguments. */
  argv?: true;
  /** A string (a template, a `+` result, a `typeof x === "string"` check): no NoSQL operator object,
   * for which it is marked safe, but code all the same where a sink runs it (`code` sinks, `$where`). */
  str?: true;
  /** A parsed WHATWG URL object (`new URL(…)`): its pathname has no `..` segment left (evaluators/url-paths.ts). */
  url?: true;
  /** A framework's request parameter handed whole to a helper (`_cart(request)`): what the server sets on it
   * (`trustedParamMembers`: `request.session`, `request.user`) is as clean in the helper as in the view. */
  whole?: true;
  /** The variable was just derived from another one (`host = urlparse(url).netloc`): a check on it
   * vouches for that variable's destination while it still holds `value` (evaluators/derived-checks.ts). */
  from?: Derivation;
}

export interface Derivation {
  name: string;
  value: Taint;
  /** normalized: `p = path.normalize(x)` itself, where `..` can only lead (`name` is the variable's own).
   * resolved: `p = path.resolve(root, x)` itself, absolute with no `..` left (`os.path.realpath(x)`, `abspath`).
   * suffixed: `gz = \`${file}.gz\``, the variable with the program's own text after it. */
  kind: "host" | "url" | "copy" | "relative" | "normalized" | "resolved" | "suffixed";
  /** Of a resolved path (`resolved = os.path.abspath(src)`), the variable resolved and its value then: a containment check
   * on the resolved path confines that variable while it holds the value (it names the same file). */
  of?: { name: string; value: Taint };
}

export type Value = Taint | null;

/** `t` sanitized for the classes of `mask` too: clean (null) once that leaves no class it can cause. */
export function sanitizedFor(t: Taint, mask: number): Value {
  return ((t.mask | mask) & allClassesMask) === allClassesMask ? null : { ...t, mask: t.mask | mask };
}

/**
 * The more tainted of two values: a taint wins over clean, fewer sanitized classes win. When each is
 * sanitized for a class the other is not (`path.join(baseDir, name + ".hbs")`: the base is the caller's
 * setting, the suffixed name is no operator object), the result is tainted for both's classes.
 */
const rank = { low: 0, medium: 1, high: 2 } as const;

export function worse(a: Value, b: Value): Value {
  if (!a) return b;
  if (!b) return a;
  if (a.fields || b.fields) return worseFields(a, b);
  // Equally sanitized: the argument vector's separate elements, else the surer source (a request's over a library entry's).
  if (b.mask === a.mask) return a.argv && !b.argv ? b : b.argv && !a.argv ? a : rank[b.confidence] > rank[a.confidence] ? b : a;
  if ((b.mask & ~a.mask) === 0) return b;
  if ((a.mask & ~b.mask) === 0) return a;
  return { ...a, mask: a.mask & b.mask };
}

/**
 * Either value, one of them tainted in some fields only: a wholly tainted one wins as it is (the other's
 * sanitized classes say nothing of it: a Koa context beside a library entry's parameter leaves that
 * parameter's own exceptions); two such objects, their fields' union.
 */
function worseFields(a: Taint, b: Taint): Taint {
  if (!a.fields) return a;
  if (!b.fields) return b;
  const out: Taint = { ...a, mask: a.mask & b.mask, fields: new Set([...a.fields, ...b.fields]) };
  delete out.fieldMasks;
  if (!a.fieldMasks && !b.fieldMasks) return out;
  const masks = new Map<string, number>();
  const own = (t: Taint, f: string) => (t.fields!.has(f) ? (t.fieldMasks?.get(f) ?? t.mask) : allClassesMask);
  for (const f of out.fields!) {
    const m = own(a, f) & own(b, f);
    if (m !== out.mask) masks.set(f, m);
  }
  if (masks.size) out.fieldMasks = masks;
  return out;
}

const nosqlBit = classBit("nosql-injection");

/** Known to be a string: safe from NoSQL operator injection, not where it is run as code (Taint.str). */
export function asString(v: Taint): Taint {
  return { ...v, mask: v.mask | nosqlBit, str: true };
}

/** A framework's request parameter as it was handed in: the parameter itself, or passed on whole (`whole`). */
export function wholeRequest(t: Taint): boolean {
  return t.step.kind === "param" || t.whole === true;
}

export function withStep(t: Taint, node: TNode): Taint {
  const step = { node, kind: "step", sourceId: t.step.sourceId, prev: t.step };
  const out: Taint = t.argv ? { mask: t.mask, confidence: t.confidence, step, argv: true } : { mask: t.mask, confidence: t.confidence, step };
  if (t.str) out.str = true;
  if (t.url) out.url = true;
  // A copy of an object tainted in some fields only is so too (`const body = Schema.parse(input)`).
  if (t.fields) out.fields = t.fields;
  if (t.fieldMasks) out.fieldMasks = t.fieldMasks;
  if (t.built) out.built = true;
  return out;
}

/** What reading `name` off an object tainted in some fields gives: that field's taint, with the fields under it
 * (`r.data` of `data`, `data.slug`); null for a field that holds none. */
export function fieldOf(t: Taint, name: string): Value {
  if (!t.fields?.has(name)) return null;
  const prefix = `${name}.`;
  const under = [...t.fields].filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  const out: Taint = { mask: t.fieldMasks?.get(name) ?? t.mask, confidence: t.confidence, step: t.step };
  if (under.length) out.fields = new Set(under);
  const masks = new Map<string, number>();
  for (const f of under) {
    const m = t.fieldMasks?.get(`${prefix}${f}`);
    if (m !== undefined && m !== out.mask) masks.set(f, m);
  }
  if (masks.size) out.fieldMasks = masks;
  return out;
}

/** The object after `obj.field = clean`: a field-tainted object loses that field (a strong update). */
export function withoutField(obj: Value, field: string): Value {
  if (!obj?.fields?.has(field)) return obj;
  const fields = new Set(obj.fields);
  fields.delete(field);
  if (!fields.size) return null;
  if (!obj.fieldMasks?.has(field)) return { ...obj, fields };
  const fieldMasks = new Map(obj.fieldMasks);
  fieldMasks.delete(field);
  return fieldMasks.size ? { ...obj, fields, fieldMasks } : { ...withoutMasks(obj), fields };
}

/** The object after `obj.field = t`: a clean or field-tainted object gains that field. */
export function withField(obj: Value, t: Taint, node: TNode, field: string): Taint {
  if (obj && !obj.fields) return obj;
  const fields = new Set(obj?.fields ?? []);
  fields.add(field);
  if (!obj) return { ...withoutMasks(withStep(t, node)), fields };
  // One taint stands for all the tainted fields: the one written joins the object's others (a Koa `ctx.body = file`
  // leaves `ctx.query` the request's).
  const { fields: _, fieldMasks: own, ...others } = obj;
  const out: Taint = { ...withoutMasks(withStep(worse(others, t)!, node)), fields };
  // The fields kept keep their own classes; the one written has the value's.
  const masks = new Map<string, number>();
  for (const f of fields) {
    const m = f === field ? t.mask : (own?.get(f) ?? obj.mask);
    if (m !== out.mask) masks.set(f, m);
  }
  if (masks.size) out.fieldMasks = masks;
  return out;
}

/** `t` as one whole value: none of the object-field detail (fields, their own classes, `built`) is kept. */
export function wholeOf(t: Taint): Taint {
  if (!t.fields && !t.fieldMasks && !t.built) return t;
  const { fields: _, fieldMasks: __, built: ___, ...rest } = t;
  return rest;
}

function withoutMasks(t: Taint): Taint {
  if (!t.fieldMasks) return t;
  const { fieldMasks: _, ...rest } = t;
  return rest;
}

/** A value fresh from a source; `mask` lists the classes it cannot cause (namedOnlyMask by default). */
export function sourceTaint(node: TNode, sourceId: string, confidence: Taint["confidence"], kind = "source", mask = namedOnlyMask): Taint {
  return { mask, confidence, step: { node, kind, sourceId, prev: null } };
}
