// A function's state on entry, walked on its own: the file constants it may read and its parameters'
// values (a caller's arguments, or sources by framework and library convention); apart from the walk itself.
import type { TNode } from "../syntax/node.ts";
import type { Value } from "../model/state.ts";
import type { Analyzer } from "./analyzer.ts";
import { type Param, slotOf } from "../syntax/syntax-types.ts";
import { ConstMap } from "../model/scope-constants.ts";
import { mentions } from "../fast/relevance.ts";
import { paramSource } from "../evaluators/framework-params.ts";
import { responseParams } from "../syntax/response-names.ts";
import { argumentsSource, entrySource } from "../evaluators/entry-points.ts";
import { callbackElement } from "../evaluators/callback-elements.ts";
import { callbackParams } from "../evaluators/callback-sources.ts";

/**
 * File constants are listed only when a lookup reaches them (model/scope-constants.ts) for a name the text
 * outside this function mentions: their declarations are top-level, outside every function.
 */
export function entryConsts(source: string, fn: TNode, globals: () => ReadonlyMap<string, unknown>): ConstMap {
  const r = fn.range();
  const [start, end] = [r.start.index, r.end.index];
  // Asked twice per lookup (has, then get), each a scan of the text around the function: remembered per name.
  const seen = new Map<string, boolean>();
  const maybe = (name: string): boolean => {
    let m = seen.get(name);
    if (m === undefined) seen.set(name, (m = mentions(source.slice(0, start), name) || mentions(source.slice(end), name)));
    return m;
  };
  return new ConstMap(globals, maybe);
}

/**
 * Binds the parameters of `fn`: a summary's run gives `args` by position (and the receiver's fields their
 * value), else each is what its framework or library entry makes it. `kept`: the fields its class's
 * constructor kept from callers (Python's `self`). The parameters' names (the receiver aside) when none got a value it
 * could be judged by, else none.
 */
export function bindParams(
  a: Analyzer,
  fn: TNode,
  run: { args: Value[] | null; fields: string[] },
  decorators: string[],
  topLevel: boolean,
  kept: Value,
): string[] {
  const { args, fields } = run;
  if (args && a.selfValue) for (const f of fields) a.state.vars.set(f, a.selfValue);
  const element = args || topLevel ? null : callbackElement(a, fn);
  // A callback a library hands its data to (an archive reader's entries), nested or not.
  const handed = args || !a.rules.callbacks ? null : callbackParams(a, fn);
  const params = a.syn.params(fn);
  params.forEach((p, i) => {
    if (!p.name) return;
    const bound = element?.at === i ? element.value : (handed?.get(i) ?? null);
    a.state.vars.set(p.name, bound ?? (args ? (args[slotOf(p, i)] ?? null) : ownSource(a, fn, p, params, decorators, topLevel)));
    a.state.consts.delete(p.name);
  });
  const rest = args ? null : argumentsSource(a, fn, topLevel);
  if (rest) a.state.vars.set("arguments", rest);
  if (kept && a.syn.prefix === "py") a.state.vars.set("self", kept);
  // Walked on its own with parameters that are neither a framework's nor library input (a helper of an application
  // module): what they hold is unknown, not clean.
  const named = params.filter((p) => p.name && !receivers.has(p.name)).map((p) => p.name);
  return !args && !rest && !kept && named.every((n) => !a.state.vars.get(n)) ? named : [];
}

/** The receiver's names: an object, not an argument a caller hands over. */
const receivers = new Set(["self", "cls", "this"]);

/** Names a handler gives its response, reply or context (Express, Fastify, hapi's toolkit, Koa's next and context). */
const responseLike = new RegExp(`^(?:${[...responseParams, "h", "next", "ctx", "context"].join("|")})$`);

/**
 * A parameter's source by framework convention, else by library convention. A request named by convention
 * (`req`, `request`) carries input in a request's members only; in a JavaScript class's public method, beside no
 * response and undecorated, it is the caller's record (a client's request, a queued job), input as a whole, as any
 * entry's parameter is.
 */
function ownSource(a: Analyzer, fn: TNode, p: Param, params: readonly Param[], decorators: string[], topLevel: boolean): Value {
  const own = paramSource(a, p, decorators, fn);
  if (!own) return entrySource(a, fn, p, topLevel);
  if (!own.fields || fn.kind() !== "method_definition" || p.annotations.length || p.type) return own;
  if (params.some((q) => q !== p && responseLike.test(q.name))) return own;
  const lib = entrySource(a, fn, p, topLevel);
  return lib && lib.step.sourceId === a.rules.library?.spec.id ? lib : own;
}
