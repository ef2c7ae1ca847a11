// The object a JavaScript function is written into as a method (a constructor's prototype, a module's own object):
// local-callees.ts resolves `this.m()` and `obj.m()` among its siblings, constructor-fields.ts finds the constructor.
import type { TNode } from "../syntax/node.ts";

/** The object a JavaScript function is a method of: `name`, and whether it is a constructor's prototype. */
export interface Holder {
  name: string;
  proto: boolean;
}

const memberOfName = /^([A-Za-z_$][\w$]*)\.[A-Za-z_$][\w$]*$/;

/**
 * The object a JavaScript function is written into as a method: a constructor's prototype (`X.prototype.m = function`,
 * `X.prototype = { m: function () {}, n() {} }`), or a module's object (`var utils = { run: function }`,
 * `utils.run = function`; not `exports`, whose functions are called by other files); else null.
 */
export function holderOf(fn: TNode): Holder | null {
  const up = fn.parent();
  const k = up?.kind();
  const obj = k === "pair" ? up!.parent() : k === "object" ? up : null;
  let at = obj ? obj.parent() : up;
  // `const files = module.exports = { … }`: the object has the variable's name too.
  if (obj && at?.kind() === "assignment_expression" && at.parent()?.kind() === "variable_declarator") at = at.parent();
  const ak = at?.kind();
  if (ak === "variable_declarator" && obj) {
    const n = at!.field("name");
    return n?.kind() === "identifier" ? { name: n.text(), proto: false } : null;
  }
  if (ak !== "assignment_expression" || (!obj && at!.field("right")?.id() !== fn.id())) return null;
  const left = at!.field("left")?.text() ?? "";
  const proto = /^([A-Za-z_$][\w$]*)\.prototype\b/.exec(left)?.[1];
  if (proto) return { name: proto, proto: true };
  if (obj) return /^[A-Za-z_$][\w$]*$/.test(left) ? { name: left, proto: false } : null;
  const m = memberOfName.exec(left);
  return m && m[1] !== "exports" && m[1] !== "module" ? { name: m[1]!, proto: false } : null;
}

/** The constructor function whose prototype holds a JavaScript method (holderOf), else null. */
export function prototypeBase(fn: TNode): string | null {
  const h = holderOf(fn);
  return h?.proto ? h.name : null;
}
