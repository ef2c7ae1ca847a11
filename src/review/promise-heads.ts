// The head of a floating `.then()` chain (promise-makers.ts): the call or value it starts on, or the calls
// that make the elements of the list a `Promise.all` at its head is given.
import type { SgNode } from "@ast-grep/napi";
import type { Finding } from "./types.ts";
import { namedKids } from "./syntax-nodes.ts";

/** A chain's head: `f(`, `mod.f(`, `this.f(` (a call) or `this.p.then` (a value). */
const headOf = /^(?:await\s+)?((?:[\w$]+\s*\.\s*)*?)([\w$]+)\s*(\(|\.\s*then\s*\()/;

export const functionKinds = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition"]);
/** The function around a node. */
export const enclosing = (n: SgNode): SgNode | undefined => n.ancestors().find((a) => functionKinds.has(String(a.kind())));

/** What a chain starts on: calls of functions (one, or the elements `Promise.all` is given), or a variable or property. */
export interface Head {
  calls: string[];
  /** A variable's name, or a property's with a leading dot (`this.p` is `.p`): the two are never the same value. */
  value?: string;
}

export function headInSnippet(snippet: string): Head | null {
  const m = headOf.exec(snippet.trimStart());
  if (!m) return null;
  return m[3] === "(" ? { calls: [m[2]!] } : { calls: [], value: m[1] ? `.${m[2]}` : m[2]! };
}

const lastName = (callee: SgNode | null): string | null => {
  const m = /([\w$]+)$/.exec(callee?.text() ?? "");
  return callee && (callee.kind() === "identifier" || callee.kind() === "member_expression") && m ? m[1]! : null;
};

/** The functions a list's elements are made by: `[f(), g()]`, or a list `push`ed such calls in the function. */
function elementCalls(list: SgNode | undefined, within: SgNode): string[] | null {
  const made = (elements: SgNode[]): string[] | null => {
    const names = elements.map((e) => (e.kind() === "call_expression" ? lastName(e.field("function")) : null));
    return names.every((n) => n !== null) ? (names as string[]) : null;
  };
  if (list?.kind() === "array") return made(namedKids(list));
  if (list?.kind() !== "identifier") return null;
  const name = list.text();
  const out: string[] = [];
  for (const use of within.findAll({ rule: { kind: "identifier", regex: `^${name.replace(/\$/g, "\\$")}$` } })) {
    const p = use.parent();
    if (p?.kind() === "member_expression" && p.field("property")?.text() === "push" && p.parent()?.kind() === "call_expression") {
      const got = made(namedKids(p.parent()!.field("arguments")));
      if (!got) return null;
      out.push(...got);
    } else if (
      (p?.kind() === "variable_declarator" && p.field("name")?.id() === use.id()) ||
      (p?.kind() === "assignment_expression" && p.field("left")?.id() === use.id())
    ) {
      const value = p.field(p.kind() === "variable_declarator" ? "value" : "right");
      const got = value?.kind() === "array" ? made(namedKids(value)) : null;
      if (!got) return null;
      out.push(...got);
    }
  }
  return out;
}

/** The head of the chain a finding reports, read from its file's tree. */
export function headInTree(root: SgNode, f: Finding): Head | null {
  const line = f.location.startLine - 1;
  const stmt = root
    .findAll({ rule: { kind: "expression_statement", regex: "\\.\\s*then\\s*\\(" } })
    .find((s) => s.range().start.line === line && s.range().start.column === f.location.startColumn - 1);
  let head = stmt?.child(0);
  while (head?.kind() === "call_expression" && /^(?:then|catch|finally)$/.test(head.field("function")?.field("property")?.text() ?? ""))
    head = head.field("function")!.field("object");
  if (!head) return null;
  if (head.kind() !== "call_expression") {
    const value = lastName(head);
    return value ? { calls: [], value: head.kind() === "member_expression" ? `.${value}` : value } : null;
  }
  const callee = head.field("function");
  if (/^Promise\s*\.\s*all$/.test(callee?.text() ?? "")) {
    const list = head
      .field("arguments")
      ?.children()
      .find((c) => c.isNamed());
    const calls = elementCalls(list, enclosing(head) ?? root);
    return calls?.length ? { calls } : null;
  }
  const name = lastName(callee);
  return name ? { calls: [name] } : null;
}
