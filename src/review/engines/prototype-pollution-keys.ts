// Keys that cannot reach a shared prototype, for the prototype-pollution check (prototype-pollution.ts): loop
// counters (a number picks an element, never a prototype) and keys a condition allows only as listed literals.
import type { SgNode, SgRoot } from "@ast-grep/napi";
import type { Finding } from "../types.ts";

/** The key a polluting site writes through: the index of `t[key] = …` or of a merge's `t[key]` argument. */
function siteKey(hit: SgNode): string | null {
  let target =
    hit.kind() === "assignment_expression"
      ? hit.field("left")
      : hit
          .field("arguments")
          ?.children()
          .find((c) => c.isNamed());
  while (target && (target.kind() === "binary_expression" || target.kind() === "parenthesized_expression"))
    target = target.kind() === "binary_expression" ? target.field("left") : target.children().find((c) => c.isNamed());
  const index = target?.kind() === "subscript_expression" ? target.field("index") : null;
  return index?.kind() === "identifier" ? index.text() : null;
}

const dangerous = /^(?:__proto__|constructor|prototype)$/;

/**
 * A site only reached where its key is one of a few literals: `if (["tls", "auth"].includes(key)) t[key] = merge(t[key], s[key])`,
 * `if (key === "headers")`. No literal list that leaves out the dangerous keys lets them through.
 */
export function allowListed(hit: SgNode, fn: SgNode): boolean {
  const key = siteKey(hit);
  if (!key) return false;
  const k = key.replace(/\$/g, "\\$");
  const listed = new RegExp(`(?<![!\\w$])\\[((?:\\s*(["'\`])[\\w$.-]+\\2\\s*,?)+)\\]\\.includes\\(\\s*${k}\\s*\\)`);
  const equal = new RegExp(`(?<![!\\w$.])${k}\\s*===?\\s*(["'\`])([\\w$.-]+)\\1|(["'\`])([\\w$.-]+)\\3\\s*===?\\s*${k}(?![\\w$])`);
  const at = hit.range().start.index;
  for (let p = hit.parent(); p && p.range().start.index >= fn.range().start.index && p.id() !== fn.id(); p = p.parent()) {
    if (p.kind() !== "if_statement") continue;
    const then = p.field("consequence");
    if (!then || at < then.range().start.index || at >= then.range().end.index) continue;
    // Only a condition that is all `&&` keeps the literal test binding on the branch.
    const cond = p.field("condition")?.text() ?? "";
    if (cond.includes("||")) continue;
    const list = listed.exec(cond);
    if (list && ![...list[1]!.matchAll(/[\w$.-]+/g)].some((m) => dangerous.test(m[0]))) return true;
    const eq = equal.exec(cond);
    if (eq && !dangerous.test(eq[2] ?? eq[4] ?? "")) return true;
  }
  return false;
}

/**
 * Whether `index` is a loop counter (`for (let i = 0; …)`, a compiler's `_i2`) of a `for` statement around
 * `at`: a number picks an element, never a prototype.
 */
export function isCounter(index: SgNode | null, at: SgNode): boolean {
  if (index?.kind() !== "identifier") return false;
  const name = index.text().replace(/\$/g, "\\$");
  const init = new RegExp(`(?:^|[\\s,(])${name}\\s*=\\s*(?:\\d|[\\w$.]+\\.length\\b)`);
  for (let p = at.parent(); p; p = p.parent()) {
    if (p.kind() !== "for_statement") continue;
    if (init.test(p.field("initializer")?.text() ?? "")) return true;
  }
  return false;
}

/**
 * The rule's own matches of `o[a][b] = v` (no check of where `a` and `b` come from) whose `a` or `b` is a
 * loop counter are dropped: a matrix (`m[_i][_j] = 0`, `res[d][d] = one`) or a table filled by index.
 */
export function dropCounterWrites(findings: Finding[], root: SgRoot, ruleId: string): Finding[] {
  if (!findings.some((f) => f.ruleId === ruleId)) return findings;
  const writes = new Map<string, SgNode>();
  for (const w of root.root().findAll({ rule: { kind: "assignment_expression", has: { field: "left", kind: "subscript_expression" } } })) {
    const s = w.range().start;
    writes.set(`${s.line + 1}:${s.column + 1}`, w);
  }
  return findings.filter((f) => {
    if (f.ruleId !== ruleId || f.engine === "taint") return true;
    const w = writes.get(`${f.location.startLine}:${f.location.startColumn}`);
    const left = w?.field("left");
    const outer = left?.field("object");
    if (!w || !left || outer?.kind() !== "subscript_expression") return true;
    return !isCounter(outer.field("index"), w) && !isCounter(left.field("index"), w);
  });
}
