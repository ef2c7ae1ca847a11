// Reads of names and members (globals named by source paths such as `request.args`, fields of
// tainted objects) and conditional expressions.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import type { Role } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Taint, Value } from "../model/state.ts";
import { asString, fieldOf, sourceTaint, wholeRequest, worse } from "../model/state.ts";
import { constEval, unknown } from "../model/static-conditions.ts";
import { guardsBranch } from "./allow-list-guards.ts";
import { settingsMask } from "./entry-points.ts";
import { readWhole } from "./collection-sites.ts";
import { urlMember } from "./url-paths.ts";
import { matchGroupValue } from "./match-groups.ts";

export function evIdent(a: Analyzer, node: TNode): Value {
  const name = node.text();
  const v = a.state.vars.get(name);
  if (v !== undefined) return v && a.state.colls.size ? readWhole(a, name, v) : v;
  if (a.rules.pathRoots.has(name) && !a.state.vars.has(name)) {
    for (const p of a.rules.paths) if (p.prefix === name) return sourceTaint(node, p.spec.id, p.spec.confidence, "source", p.spec.mask);
  }
  return null;
}

/** The runtime's and the script's own paths (`process.argv[0]`, `[1]`; Python's `sys.argv[0]`): no argument anyone gives. */
const ownPaths = /^(?:process\.argv\[[01]\]|sys\.argv\[0\])$/;
export const ownPath = (node: TNode): boolean => ownPaths.test(node.text().replace(/\s+/g, ""));

export function globalSource(a: Analyzer, node: TNode): Value {
  const v = pathSource(a, node);
  return v === serverSet ? null : v;
}

const serverSet = Symbol("server-set");

/** The source a path names (`request.args.get`), or `serverSet` for a member the server sets on it (`self.request.user`): clean, however its object reads. */
function pathSource(a: Analyzer, node: TNode): Value | typeof serverSet {
  if (!a.rules.paths.length) return null;
  let root: TNode | null = node;
  while (root && root.kind() !== "identifier") {
    const role: Role | undefined = a.syn.roles[root.kind()];
    root = role === "member" ? root.field(a.syn.memberFields[0]) : role === "index" ? root.field(a.syn.indexField) : null;
  }
  if (!root) return null;
  const name = root.text();
  // A local of the same name shadows a global source; `self` is always the method's receiver.
  if (!a.rules.pathRoots.has(name) || (name !== "self" && a.state.vars.has(name))) return null;
  const text = node.text().replace(/\s+/g, "");
  for (const p of a.rules.paths) {
    const pre = p.prefix;
    if (text === pre || (text.startsWith(pre) && (text[pre.length] === "." || text[pre.length] === "["))) {
      if (trustedMember(a, pre, text)) return serverSet;
      const t = sourceTaint(node, p.spec.id, p.spec.confidence, "source", p.spec.mask);
      return textMember(a, text.slice(pre.length + 1)) ? asString(t) : t;
    }
  }
  return null;
}

/** `self.request.user`: a member the server sets on a source path's object (`trustedParamMembers`), as on a parameter's. */
function trustedMember(a: Analyzer, prefix: string, text: string): boolean {
  if (!a.rules.trustedParamMembers.size || text[prefix.length] !== ".") return false;
  const member = /^[\w$]+/.exec(text.slice(prefix.length + 1))?.[0];
  return member !== undefined && trustedName(a, member, () => prefix);
}

/** Whether `trustedParamMembers` names the member, alone (`user`) or on its object (`ctx.body`; the object's text read only then). */
function trustedName(a: Analyzer, member: string, obj: () => string): boolean {
  const trusted = a.rules.trustedParamMembers;
  return trusted.has(member) || trusted.has(`${obj()}.${member}`);
}

export function evMember(a: Analyzer, node: TNode): Value {
  const guard = a.pathGuards ? a.state.vars.get(node.text().replace(/\s+/g, "")) : undefined;
  if (guard === null) return null;
  const v = namedGroup(a, node) ?? memberValue(a, node);
  // Checked for some classes only (`typeof req.body.name !== "string"`, a failed ".." check): safe for those.
  return v && guard ? { ...v, mask: v.mask | guard.mask, ...(guard.str && { str: true as const }) } : v;
}

const groupsRead = /\.\s*groups\s*\./;
const namedGroupRead = /^[\w$]+\s*\.\s*groups\s*\.\s*[A-Za-z_$][\w$]*$/;

/** JavaScript `m.groups.name` of a regular expression's match: what the named group admits (evaluators/match-groups.ts). */
function namedGroup(a: Analyzer, node: TNode): Value | undefined {
  // Member reads are many: the file's text is asked first (once per file), a node's own text only where it names `.groups.`.
  if ((a.syn.prefix !== "js" && a.syn.prefix !== "ts") || !a.fileMatches(groupsRead) || !namedGroupRead.test(node.text())) return undefined;
  const groups = node.field(a.syn.memberFields[0]);
  const m = groups?.field(a.syn.memberFields[0]);
  const v = m ? a.ev(m) : null;
  const name = node.field(a.syn.memberFields[1])?.text();
  return m && v && name ? matchGroupValue(a, m, [name], v) : undefined;
}

function memberValue(a: Analyzer, node: TNode): Value {
  const g = pathSource(a, node);
  if (g === serverSet) return null;
  if (g) return a.rules.cleanMembers.has(node.field(a.syn.memberFields[1])?.text() ?? "") ? null : g;
  const obj = node.field(a.syn.memberFields[0]);
  const t = obj ? (a.selfValue && obj.kind() === "this" ? a.selfValue : a.ev(obj)) : null;
  if (!t) return null;
  const prop = node.field(a.syn.memberFields[1]);
  let name = prop?.text() ?? "";
  // `event.get("body")` on an object tainted in some members reads that member (a Python dict's get, a Map's).
  if (t.fields && name === "get" && !t.fields.has(name)) name = keyOfGet(node) ?? name;
  if (a.rules.cleanMembers.has(name) || (t.fields && !t.fields.has(name))) return null;
  if (wholeRequest(t) && trustedName(a, name, () => obj!.text())) return null;
  return memberOf(a, t, name, node);
}

/**
 * Member `name` of a tainted object, read at `node`; a parameter source whose rule lists the members that carry the
 * request (`members`) has them as its fields.
 */
function memberOf(a: Analyzer, t: Taint, name: string, node: TNode): Value {
  const ofUrl = urlMember(t, name);
  if (ofUrl) return ofUrl;
  if (t.fields && t.step.kind !== "param") return fieldOf(t, name);
  if (t.step.kind !== "param") {
    // A library entry's parameter handed whole to a helper (summarised: `_packed_refs_path(repo)` reading
    // `repo.common_dir`) holds the caller's settings there as in the entry.
    const setting = t.whole ? settingMask(a, t, name) : 0;
    return setting ? { ...t, mask: t.mask | setting } : t;
  }
  const out = sourceTaint(node, t.step.sourceId, t.confidence, "source", t.mask | settingMask(a, t, name));
  return a.rules.textParamMembers.has(name) ? asString(out) : out;
}

/** Whether a source path's member (`args.get("q")` after `request.`) is one that holds only text (`textParamMembers`). */
function textMember(a: Analyzer, rest: string): boolean {
  const member = /^[\w$]+/.exec(rest)?.[0];
  return member !== undefined && a.rules.textParamMembers.has(member);
}

const literalKey = /^[A-Za-z]*(["'`])([\w$-]+)\1$/;

/** The literal key a `get` member is called with (`event.get("body")`), else null. */
function keyOfGet(member: TNode): string | null {
  // A member is a call's direct child only as the function called (its arguments are inside their list).
  const call = member.parent();
  const arg = call && (call.kind() === "call" || call.kind() === "call_expression") ? named(call.field("arguments"))[0] : undefined;
  return arg ? (literalKey.exec(arg.text())?.[2] ?? null) : null;
}

/**
 * An index with a literal key into an object tainted in some members only (`event["body"]`, `ctx["query"]`): that
 * member's taint; undefined when the index is no literal key or the object is tainted whole.
 */
export function memberByKey(a: Analyzer, t: Value, index: TNode | null, node: TNode): Value | undefined {
  if (!t?.fields || !index) return undefined;
  const key = literalKey.exec(index.text())?.[2];
  if (key === undefined) return undefined;
  return t.fields.has(key) ? memberOf(a, t, key, node) : null;
}

/** A library entry's options object holds the caller's settings by the same names as its parameters (`opts.cwd`,
 * `options.root`): a base directory chosen by the program, not a name to climb out of one. */
function settingMask(a: Analyzer, t: Taint, name: string): number {
  const lib = a.rules.library;
  return lib && t.step.sourceId === lib.spec.id ? settingsMask(lib, name) : 0;
}

export function evTernary(a: Analyzer, node: TNode): Value {
  const parts = named(node);
  const cond = node.field("condition") ?? (parts.length === 3 ? parts[1]! : null);
  const yes = node.field("consequence") ?? parts[0];
  const no = node.field("alternative") ?? parts[2];
  if (cond) a.ev(cond);
  const c = cond ? constEval(cond, a.state.consts) : unknown;
  if (c !== unknown) return (c ? yes : no) ? a.ev((c ? yes : no)!) : null;
  let vy = yes ? a.ev(yes) : null,
    vn = no ? a.ev(no) : null;
  if (vy && cond) vy = guardsBranch(cond, yes!, true, a.syn, a.rules, vy);
  if (vn && cond) vn = guardsBranch(cond, no!, false, a.syn, a.rules, vn);
  return worse(vy, vn);
}
