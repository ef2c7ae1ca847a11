// The pattern a `new RegExp(…)` builds from the file's own constants: string pieces joined by `+`, a
// template's substitutions, a list of alternatives `[…].join("|")`, another pattern's `.source`, each
// piece a literal or a name the file binds once (`const word = "[a-z]+"`). Escape-code and word lists,
// tokenizers and parsers assemble their patterns this way; a piece the file does not fix (a parameter,
// a name bound twice, a call) leaves the pattern unknown, and nothing is judged.
import type { SgNode } from "@ast-grep/napi";
import { unescapeString } from "../literals.ts";
import { namedKids } from "../syntax-nodes.ts";

/** Deep enough for real pattern builders (a few names, each joined from a few more), short of a cycle. */
const maxDepth = 12;

const unquote = (text: string): string => unescapeString(text.slice(1, -1), false);

/** The file's names bound once and never assigned again, indexed in one pass of the tree for all of a file's patterns. */
export class FileConstants {
  private readonly decls = new Map<string, SgNode | null>();
  private readonly written = new Set<string>();
  constructor(root: SgNode) {
    for (const d of root.findAll({ rule: { kind: "variable_declarator", has: { field: "name", kind: "identifier" } } })) {
      const name = d.field("name")!.text();
      this.decls.set(name, this.decls.has(name) ? null : d);
    }
    for (const a of root.findAll({
      rule: { any: [{ kind: "assignment_expression" }, { kind: "augmented_assignment_expression" }], has: { field: "left", kind: "identifier" } },
    }))
      this.written.add(a.field("left")!.text());
  }

  /** The one declarator of `name` in the file, if the file never assigns the name again. */
  boundOnce(name: string): SgNode | null {
    return this.written.has(name) ? null : (this.decls.get(name) ?? null);
  }
}

/** The value `node` holds when the file fixes it: a string, or an array of strings; else null. */
function value(root: FileConstants, node: SgNode | null, depth: number): string | string[] | null {
  if (!node || depth > maxDepth) return null;
  const kind = String(node.kind());
  if (kind === "string") return unquote(node.text());
  if (kind === "number") return node.text();
  if (kind === "parenthesized_expression") return value(root, node.children().find((c) => c.isNamed()) ?? null, depth + 1);
  if (kind === "template_string") {
    let out = "";
    for (const part of node.children()) {
      const k = String(part.kind());
      if (k === "template_substitution") {
        const v = value(root, part.children().find((c) => c.isNamed()) ?? null, depth + 1);
        if (typeof v !== "string") return null;
        out += v;
      } else if (k === "string_fragment" || k === "escape_sequence") out += unescapeString(part.text(), false);
    }
    return out;
  }
  if (kind === "binary_expression") {
    if (node.field("operator")?.text() !== "+") return null;
    const left = value(root, node.field("left"), depth + 1);
    const right = typeof left === "string" ? value(root, node.field("right"), depth + 1) : null;
    return typeof right === "string" ? left! + right : null;
  }
  if (kind === "array") {
    const items: string[] = [];
    for (const c of namedKids(node)) {
      const v = value(root, c, depth + 1);
      if (typeof v !== "string") return null;
      items.push(v);
    }
    return items;
  }
  if (kind === "identifier") {
    const decl = root.boundOnce(node.text());
    return decl ? value(root, decl.field("value"), depth + 1) : null;
  }
  if (kind === "member_expression" && node.field("property")?.text() === "source") {
    const pattern = regexOf(root, node.field("object"), depth + 1);
    return pattern?.source ?? null;
  }
  if (kind === "call_expression") {
    const fn = node.field("function");
    if (fn?.kind() !== "member_expression" || fn.field("property")?.text() !== "join") return null;
    const list = value(root, fn.field("object"), depth + 1);
    const args = namedKids(node.field("arguments"));
    const sep = args.length ? value(root, args[0]!, depth + 1) : ",";
    return Array.isArray(list) && typeof sep === "string" ? list.join(sep) : null;
  }
  return null;
}

/** A regex literal, or a name bound once to one: its source and flags. */
function regexOf(root: FileConstants, node: SgNode | null, depth: number): { source: string; flags: string } | null {
  if (!node || depth > maxDepth) return null;
  if (node.kind() === "identifier") {
    const decl = root.boundOnce(node.text());
    return decl ? regexOf(root, decl.field("value"), depth + 1) : null;
  }
  if (node.kind() !== "regex") return null;
  return { source: node.field("pattern")?.text() ?? "", flags: node.field("flags")?.text() ?? "" };
}

/**
 * The pattern and flags of a `new RegExp(…)` call whose pattern is built from the file's constants, or null.
 * Flags the file chooses at run time (`onlyFirst ? undefined : "g"`) are read as all the letters they may be.
 */
export function foldedRegExp(call: SgNode, root: FileConstants): { source: string; flags: string } | null {
  const args = namedKids(call.field("arguments"));
  const source = value(root, args[0] ?? null, 0);
  if (typeof source !== "string") return null;
  const given = args[1];
  if (!given) return { source, flags: "" };
  const flags = value(root, given, 0);
  if (typeof flags === "string") return { source, flags };
  const letters = given.findAll({ rule: { kind: "string" } }).map((s) => unquote(s.text()));
  return { source, flags: [...new Set(letters.join("").replace(/[^dgimsuyv]/g, ""))].join("") };
}
