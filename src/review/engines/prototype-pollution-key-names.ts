// Where a merge or set-by-path function gets its keys: loops and callbacks over a source's own keys (`for…in`,
// `Object.keys/entries`), parts of a split path string, and the scopes binding each name (prototype-pollution.ts).
import type { SgNode } from "@ast-grep/napi";
import { iteratorKeyParam, splitParams } from "./prototype-pollution-walks.ts";
import { closureSplits, functionKinds, mayCallSplitter, splitCall, splitterName } from "./prototype-pollution-splits.ts";

const keyIterators = /^Object\.(keys|entries|getOwnPropertyNames)$/;

/** The identifiers a pattern binds (`key`, `[key, value]`: the first element only). */
export function boundKey(pattern: SgNode | null): string | null {
  if (!pattern) return null;
  // TypeScript: `(key: string) => …`
  if (/^(required|optional)_parameter$/.test(String(pattern.kind()))) return boundKey(pattern.field("pattern"));
  if (pattern.kind() === "identifier") return pattern.text();
  if (pattern.kind() === "array_pattern") {
    const first = pattern.children().find((c) => c.isNamed());
    return first?.kind() === "identifier" ? first.text() : null;
  }
  return null;
}

/** Parameter names that hold a path's parts. */
const partsParam = /^(?:path|pointer|keyPath|pathParts|parts|segments)$/;
const directDescent = /(?<![\w$.])([\w$]+)\s*=\s*\1\s*\[\s*[\w$]+\s*\]\s*(?:;|$)/m;

const iterationMethod = /\.\s*(?:forEach|map|reduce|some|every|filter)\b/;

/** Keys of a source object and parts of split paths bound in a function (name -> kind), and the split arrays; `body`: its text. */
export function keyNames(
  fn: SgNode,
  body: string,
  source: string,
): { keys: Map<string, "keys" | "path">; splitVars: Set<string>; ofObject: Iteration[]; handedKey: string | null; scopes: Scopes } {
  const keys = new Map<string, "keys" | "path">();
  const ofObject: Iteration[] = [];
  const scopes: Scopes = new Map();
  const bind = (name: string, at: SgNode | null): void => {
    const r = at?.range();
    const list = scopes.get(name);
    if (!r) scopes.set(name, null);
    else if (list !== null) scopes.set(name, [...(list ?? []), [r.start.index, r.end.index]]);
  };
  /** The object whose keys `expr` lists: a list bound to `Object.keys(o)`, the call itself, or `expr` taken as that object. */
  const objectOf = (expr: SgNode | null | undefined): string | undefined => {
    if (expr?.kind() === "identifier" && keyLists.has(expr.text())) return keyLists.get(expr.text());
    if (expr?.kind() === "call_expression" && keyIterators.test(expr.field("function")?.text().replace(/\s+/g, "") ?? ""))
      return expr
        .field("arguments")
        ?.children()
        .find((c) => c.isNamed())
        ?.text();
    return expr?.text();
  };
  const splitVars = new Set<string>();
  // Each query below compiles its rule on every call: one the function's text cannot match (no `split`,
  // no loop, no iteration method) is not asked.
  const splits = mayCallSplitter.test(body);
  for (const d of !splits
    ? []
    : fn.findAll({
        rule: {
          kind: "variable_declarator",
          has: { field: "value", stopBy: "end", ...splitCall },
        },
      })) {
    const name = d.field("name");
    if (name?.kind() === "identifier") splitVars.add(name.text());
  }
  for (const a of !splits
    ? []
    : fn.findAll({
        rule: {
          kind: "assignment_expression",
          has: { field: "right", ...splitCall },
        },
      })) {
    const left = a.field("left");
    if (left?.kind() === "identifier") splitVars.add(left.text());
  }
  // `const keys = Object.keys(source)`, then `keys[i]` or `for (const k of keys)`: the source's keys through a list.
  // Each list's name and the object whose keys it lists.
  const keyLists = new Map<string, string>();
  for (const d of !/Object\.(?:keys|entries|getOwnPropertyNames)\s*\(/.test(body)
    ? []
    : fn.findAll({
        rule: { kind: "variable_declarator", has: { field: "value", kind: "call_expression", regex: "^Object\\.(keys|getOwnPropertyNames)\\s*\\(" } },
      })) {
    const name = d.field("name");
    const value = d.field("value");
    const from = value ? objectOf(value) : undefined;
    if (name?.kind() === "identifier" && from !== undefined && !programConstant.test(from)) keyLists.set(name.text(), from.replace(/\s+/g, ""));
  }
  const handedKey = /\bfor(?:In|Own)\s*\(/.test(source) ? iteratorKeyParam(fn, fn.getRoot().root()) : null;
  if (handedKey) {
    keys.set(handedKey, "keys");
    bind(handedKey, null);
  }
  for (const p of mayCallSplitter.test(source)
    ? splitParams(fn, fn.getRoot().root(), (arg) => arg.kind() === "call_expression" && !!arg.find({ rule: splitCall }))
    : [])
    splitVars.add(p);
  if (mayCallSplitter.test(source)) for (const v of closureSplits(fn, body)) splitVars.add(v);
  // A parameter named for a path's parts (`setter(obj, pointer, value)` given a compiled JSON pointer, `baseSet(object,
  // path, value)`): what its elements pick is a part of the caller's path.
  // Only with a walk straight into what a part picks (`obj = obj[part]`): a walk on through a member of it
  // (`object = object[part].properties`, a schema map's) reaches no prototype's own fields.
  if (directDescent.test(body))
    for (const p of fn.field("parameters")?.children() ?? []) if (p.kind() === "identifier" && partsParam.test(p.text())) splitVars.add(p.text());
  const iterated = (expr: SgNode | null): "keys" | "path" | null => {
    if (!expr) return null;
    if (expr.kind() === "identifier" && splitVars.has(expr.text())) return "path";
    if (expr.kind() === "identifier" && keyLists.has(expr.text())) return "keys";
    // `parts.slice(0, -1).forEach(…)`: still the path's parts.
    if (
      expr.kind() === "call_expression" &&
      /^[\w$]+\.slice$/.test(expr.field("function")?.text() ?? "") &&
      splitVars.has(expr.field("function")!.field("object")!.text())
    )
      return "path";
    if (expr.kind() === "call_expression") {
      const callee = expr.field("function")?.text().replace(/\s+/g, "") ?? "";
      // Keys of the program's own constant table (`Object.keys(Command.FLAGS)`) are no caller's.
      if (keyIterators.test(callee) && programConstant.test(objectOf(expr) ?? "")) return null;
      if (keyIterators.test(callee)) return "keys";
      if (splitterName.test(callee.replace(/^.*\./, ""))) return "path";
    }
    return null;
  };
  for (const loop of !/\bfor\b/.test(body) ? [] : fn.findAll({ rule: { kind: "for_in_statement" } })) {
    const name = boundKey(loop.field("left"));
    if (!name) continue;
    const isIn = loop.field("operator")?.text() === "in";
    const kind = isIn ? "keys" : iterated(loop.field("right"));
    if (kind) {
      keys.set(name, kind);
      bind(name, loop);
    }
    const from = kind === "keys" ? objectOf(loop.field("right")) : undefined;
    if (from) ofObject.push({ name, from: from.replace(/\s+/g, ""), start: loop.range().start.index, end: loop.range().end.index });
  }
  for (const call of !iterationMethod.test(body)
    ? []
    : fn.findAll({
        rule: {
          kind: "call_expression",
          has: { field: "function", kind: "member_expression", has: { field: "property", regex: "^(forEach|map|reduce|some|every|filter)$" } },
        },
      })) {
    const member = call.field("function")!;
    const kind = iterated(member.field("object"));
    if (!kind) continue;
    const callback = callbackOf(call);
    if (!callback) continue;
    const params = callback.params;
    const reduce = member.field("property")?.text() === "reduce";
    const name = boundKey(params[reduce ? 1 : 0] ?? null);
    if (name) {
      keys.set(name, kind);
      bind(name, callback.fn);
    }
    const from = kind === "keys" ? objectOf(member.field("object")) : undefined;
    if (name && from) ofObject.push({ name, from: from.replace(/\s+/g, ""), start: callback.fn.range().start.index, end: callback.fn.range().end.index });
  }
  // `forOwn(source, function (value, key) {…})` (lodash's, for-own's, for-in's): the callback's second parameter is a key.
  for (const call of !/\bfor(?:In|Own)\s*\(/.test(body)
    ? []
    : fn.findAll({ rule: { kind: "call_expression", has: { field: "function", regex: "(?:^|\\.)for(?:In|Own)$" } } })) {
    const args = (call.field("arguments")?.children() ?? []).filter((c) => c.isNamed());
    const cb = args[1];
    if (!args[0] || !cb || !functionKinds.has(String(cb.kind()))) continue;
    const name = boundKey((cb.field("parameters")?.children() ?? []).filter((c) => c.isNamed())[1] ?? null);
    if (!name) continue;
    keys.set(name, "keys");
    bind(name, cb);
    ofObject.push({ name, from: args[0].text().replace(/\s+/g, ""), start: cb.range().start.index, end: cb.range().end.index });
  }
  // `const last = parts.pop()`, `key = parts[i]`: a part of the path; also through one converting call (`getkey(parts.shift())`).
  for (const d of !splitVars.size && !keyLists.size
    ? []
    : fn.findAll({ rule: { any: [{ kind: "variable_declarator" }, { kind: "assignment_expression" }] } })) {
    const name = d.field(d.kind() === "variable_declarator" ? "name" : "left");
    const value = d.field(d.kind() === "variable_declarator" ? "value" : "right");
    if (name?.kind() !== "identifier" || !value) continue;
    // TypeScript's `parts.pop()!` and `parts.pop() as string` are the part itself.
    const v = value
      .text()
      .replace(/\s+/g, "")
      .replace(/(?<=[)\]])(?:!|as[\w$.]+)$/, "");
    const m = /^(?:[\w$.]+\()?([\w$]+)(\.(pop|shift)\(\)|\[[^\]]+\])(?:(?<=^[\w$.]+\(.*)\))?$/.exec(v);
    if (m && (splitVars.has(m[1]!) || (keyLists.has(m[1]!) && m[3] === undefined))) {
      keys.set(name.text(), splitVars.has(m[1]!) ? "path" : "keys");
      bind(name.text(), null);
      const r = fn.range();
      if (!splitVars.has(m[1]!)) ofObject.push({ name: name.text(), from: keyLists.get(m[1]!)!, start: r.start.index, end: r.end.index });
    }
  }
  return { keys, splitVars, ofObject, handedKey, scopes };
}

/** A loop or callback binding `name` to the keys of `from` (its source text, spaces removed). */
export interface Iteration {
  name: string;
  from: string;
  start: number;
  end: number;
}

/** The object whose keys the innermost loop or callback around `at` binds `name` to. */
export function iterated(its: Iteration[], name: string, at: number): string | undefined {
  let best: Iteration | undefined;
  for (const it of its) if (it.name === name && it.start <= at && at < it.end && (!best || it.start > best.start)) best = it;
  return best?.from;
}

/**
 * Where each key name is bound: the loops and callbacks binding it (a `var i` of a `for…in` in one nested function is
 * no key of a counted loop's `i` in another), or null where it is bound otherwise (anywhere in the function).
 */
export type Scopes = Map<string, [number, number][] | null>;

/** The key a computed member reads with, when it is one of `keys` bound around it (or a split part indexed in place). */
export function keyOf(member: SgNode, keys: Map<string, "keys" | "path">, splitIndexed: RegExp | null, scopes?: Scopes): "keys" | "path" | null {
  if (member.kind() !== "subscript_expression") return null;
  const index = member.field("index");
  return index ? indexKey(index, member.range().start.index, keys, splitIndexed, scopes) : null;
}

/** What kind of key `index`, used at offset `at`, is (keyOf; a writer helper's key argument). */
export function indexKey(index: SgNode, at: number, keys: Map<string, "keys" | "path">, splitIndexed: RegExp | null, scopes?: Scopes): "keys" | "path" | null {
  if (index.kind() === "identifier") {
    const ranges = scopes?.get(index.text());
    if (ranges && !ranges.some(([s, e]) => s <= at && at < e)) return null;
    return keys.get(index.text()) ?? null;
  }
  if (splitIndexed && index.kind() === "subscript_expression" && splitIndexed.test(index.field("object")?.text() ?? "")) return "path";
  return null;
}

/** CONSTANT_CASE names, alone or as a member (`FLAGS`, `Command.FLAGS`): tables the program itself defines. */
const programConstant = /^(?:[\w$]+\.)*[A-Z][A-Z0-9_]+$/;

/** A call's first argument when it is a function, with its parameters (`(a, b) => …` or `a => …`). */
export function callbackOf(call: SgNode): { fn: SgNode; params: SgNode[] } | null {
  const fn = call
    .field("arguments")
    ?.children()
    .find((c) => c.isNamed());
  if (!fn || !functionKinds.has(String(fn.kind()))) return null;
  const list = fn.field("parameters");
  const single = fn.field("parameter");
  return { fn, params: list ? list.children().filter((c) => c.isNamed()) : single ? [single] : [] };
}
