// Parameters a framework fills from the request (rules `params`): a handler's `req`, a servlet's
// HttpServletRequest, a Spring @RequestParam, a FastAPI route's arguments.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Value } from "../model/state.ts";
import { sourceTaint } from "../model/state.ts";
import { headEnd } from "../syntax/param-text.ts";
import { hasEntrySource } from "./entry-points.ts";
import { isSourceCallback } from "./callback-sources.ts";

/** True when the scope is a function with a parameter the framework fills from the request. */
export function hasParamSource(a: Analyzer, scope: TNode, viaHelper = false): boolean {
  if (a.syn.roles[scope.kind()] !== "func") return false;
  if (a.rules.callbacks && isSourceCallback(a, scope)) return true;
  // Most functions' heads hold no word a parameter source needs: skip reading them from the tree.
  const head = a.rules.paramHead;
  if (head && a.source) {
    const r = scope.range();
    const text = a.source.slice(r.start.index, headEnd(a.source, r.start.index, r.end.index));
    if (!head.words?.test(text) && !(head.decorators && a.syn.decorators(scope).length)) return hasEntrySource(a, scope, () => a.syn.params(scope), viaHelper);
  }
  const decorators = a.syn.decorators(scope);
  const params = a.syn.params(scope);
  return params.some((p) => p.name !== "" && paramSource(a, p, decorators, scope) !== null) || hasEntrySource(a, scope, () => params, viaHelper);
}

/**
 * Whether `fn` calls its parameter `name` (`request(endpoint)`): a request object is never called, so a
 * parameter named like one that is (an HTTP client a plugin is handed) is a function, not the request.
 */
function calledInBody(a: Analyzer, fn: TNode, name: string): boolean {
  if (!a.source || !/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const r = fn.range();
  return new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}\\s*(?:\\?\\.)?\\(`).test(a.source.slice(r.start.index, r.end.index));
}

/**
 * Whether the parameter after `name` is named like a request's options (`fetch(request, options)`): a
 * handler is handed the response, a reply or a context beside the request, a client the options it sends with.
 */
function sentWithOptions(a: Analyzer, fn: TNode, name: string, next: RegExp[]): boolean {
  const params = a.syn.params(fn);
  const i = params.findIndex((q) => q.name === name);
  const after = i < 0 ? undefined : params[i + 1];
  return !!after && next.some((r) => r.test(after.name));
}

/** A class-based view's handler methods (Django's View, REST framework's views and viewsets). */
const handlerMethods = /^(?:get|post|put|patch|delete|head|options|dispatch|list|retrieve|create|update|partial_update|destroy)$/;
/** A view's answer: a response class, or a shortcut that makes one. */
const returnsResponse = /\breturn\s+(?:[\w.]+\.)?(?:render|redirect|render_to_response|\w*Response\w*|serve)\s*\(/;

/**
 * Whether `name` comes after a parameter named like one of `after` in a function shaped as a view: a handler
 * method, decorated, or (a function, not a method) returning a response. Not a helper that takes the request along
 * (`update_session_auth_hash(request, user)`), nor one named `_private`.
 */
function afterNamed(a: Analyzer, fn: TNode, name: string, after: RegExp[]): boolean {
  if (name === "" || name === "self" || name === "cls") return false;
  const fname = fn.field("name")?.text() ?? "";
  if (fname.startsWith("_")) return false;
  const params = a.syn.params(fn);
  const i = params.findIndex((q) => after.some((r) => r.test(q.name)));
  if (i < 0 || params.findIndex((q) => q.name === name) <= i) return false;
  if ((i > 0 && handlerMethods.test(fname)) || a.syn.decorators(fn).length) return true;
  // A method that takes the request after `self` and is no handler (`ModelAdmin.response_add(self, request, obj,
  // post_url_continue=None)`) is called by the class's own code: a class-based view's URL captures reach only its
  // handlers, and `self.kwargs`.
  if (i > 0 && params[0]?.name === "self") return false;
  const r = fn.range();
  return !!a.source && returnsResponse.test(a.source.slice(r.start.index, r.end.index));
}

/** Converters whose URL variable carries no free text: numbers, uuids, dates, one of a fixed list (Flask's `any(a, b)`). */
const closedConverters = new Set(["int", "float", "uuid", "any", "ymd"]);
/** Bottle's filters and Sanic's types, written after the name (`<id:int>`, `<rest:path>`, `<slug:re:[a-z]+>`, `<tag:str>`). */
const typesAfterName = new Set(["int", "float", "path", "re", "str", "alpha", "slug", "uuid", "ymd", "strorempty", "ext"]);

/** A `<…>` placeholder's variable and converter: `<name>`, `<conv:name>` (Flask, Quart), `<name:type>` (Bottle, Sanic). */
function placeholder(text: string): { name: string; converter: string } {
  const [first, second] = text.split(":").map((x) => x.trim());
  if (second === undefined) return { name: first!, converter: "" };
  if (typesAfterName.has(second) && !first!.includes("(")) return { name: first!, converter: second };
  // Flask's converter may take arguments (`any(pdf, html)`, `string(length=2)`).
  return { name: second, converter: first!.replace(/\(.*$/s, "") };
}

/**
 * Whether a route decorator's text names `name` as a URL variable that carries free text: `<name>`,
 * `<path:name>` (Flask, Quart), `<name:path>` (Bottle, Sanic); not `<int:id>`, `<id:int>` or `<any(a, b):page>`.
 */
function routeVariable(decorator: string, name: string): boolean {
  for (const m of decorator.matchAll(/<([^<>]+)>/g)) {
    const v = placeholder(m[1]!);
    if (v.name === name) return !closedConverters.has(v.converter);
  }
  return false;
}

export function paramSource(a: Analyzer, p: { name: string; type: string; annotations: string[]; node: TNode }, decorators: string[], fn?: TNode): Value {
  for (const spec of a.rules.params) {
    let matched: boolean;
    if (spec.decorators.length) {
      const on = decorators.filter((d) => spec.decorators.some((r) => r.test(d)));
      matched = p.name !== "self" && p.name !== "cls" && on.length > 0 && (!spec.routeVariables || on.some((d) => routeVariable(d, p.name)));
    } else if (spec.after.length) {
      matched = !!fn && afterNamed(a, fn, p.name, spec.after);
    } else {
      const crit = spec.names.length + spec.types.length + spec.annotations.size;
      matched =
        crit > 0 &&
        (!spec.names.length || spec.names.some((r) => r.test(p.name))) &&
        (!spec.types.length || spec.types.some((r) => r.test(p.type))) &&
        (!spec.annotations.size || p.annotations.some((a) => spec.annotations.has(a)));
    }
    if (!matched) continue;
    if (spec.exceptTypes.some((r) => r.test(p.type))) return null;
    if (spec.names.length && !spec.types.length && fn && calledInBody(a, fn, p.name)) return null;
    if (spec.exceptBefore.length && fn && sentWithOptions(a, fn, p.name, spec.exceptBefore)) return null;
    const v = sourceTaint(p.node, spec.id, spec.confidence, "param", spec.mask);
    return spec.members && v ? { ...v, fields: spec.members } : v;
  }
  return null;
}
