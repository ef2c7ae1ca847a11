// Values derived from constants: string methods on constant receivers (`"ABC".charAt(1)`, `s[1]`,
// `len(s)`), locals stepped by `++`/`--`/`+=`/`-=`, and a `switch`/`match` on a known value, of
// which only the matching arm (and what it falls through to) runs.
import type { TNode } from "../syntax/node.ts";
import type { Analyzer } from "../driver/analyzer.ts";
import { named } from "../syntax/syntax-types.ts";
import type { Const } from "../model/static-conditions.ts";
import { constEval, unknown } from "../model/static-conditions.ts";
import { cloneState, join } from "../model/state.ts";
import type { Exit } from "../driver/statements.ts";

/** `n++`, `n--`: a known number stays known. */
export function stepConst(a: Analyzer, node: TNode): void {
  const target = named(node)[0];
  if (!target || a.syn.roles[target.kind()] !== "ident") return;
  const name = target.text();
  const v = a.state.consts.get(name);
  if (typeof v === "number") a.state.consts.set(name, node.text().includes("++") ? v + 1 : v - 1);
  else a.state.consts.delete(name);
}

/** `n += k`, `s += "x"` with constants: the new constant (bind() forgot the old one). */
export function augConst(a: Analyzer, left: TNode, op: string, right: TNode | null, before: Const): void {
  if (a.syn.roles[left.kind()] !== "ident" || !right || before === unknown) return;
  const k = constEval(right, a.state.consts);
  if (k === unknown) return;
  let v: Const = unknown;
  if (op === "+=" && typeof before === typeof k && (typeof k === "number" || typeof k === "string")) v = (before as number) + (k as number);
  else if (typeof before === "number" && typeof k === "number") v = op === "-=" ? before - k : op === "*=" ? before * k : unknown;
  if (v !== unknown) a.state.consts.set(left.text(), v);
}

const defaultKinds = new Set(["switch_default", "default_case"]);

/** Label values of one arm: `default` is null; undefined when a label is not constant. */
function labels(a: Analyzer, arm: TNode): (Const | null)[] | undefined {
  const k = arm.kind();
  if (defaultKinds.has(k)) return [null];
  let exprs: TNode[];
  if (k === "switch_block_statement_group" || k === "switch_rule") {
    const ls = named(arm).filter((c) => c.kind() === "switch_label");
    if (ls.some((l) => !named(l).length)) return [null];
    exprs = ls.flatMap((l) => named(l));
  } else if (k === "case_clause" && a.syn.ruleLanguage === "python") {
    const pats = named(arm).filter((c) => c.kind() === "case_pattern");
    if (pats.some((p) => p.text() === "_")) return [null];
    if (pats.some((p) => p.field("guard") !== null)) return undefined;
    exprs = pats.flatMap((p) => named(p)).flatMap((e) => (e.kind() === "union_pattern" ? named(e) : [e]));
  } else {
    const v = arm.field("value");
    if (!v) return undefined;
    exprs = v.kind() === "expression_list" ? named(v) : [v];
  }
  const out = exprs.map((e) => constEval(e, a.state.consts));
  return out.some((x) => x === unknown) ? undefined : out;
}

/**
 * A switch on a known value: runs the matching arm (or the default) and, where the language falls
 * through, the arms after it until one ends. False when the value or a label is not known.
 */
export function evalKnownSwitch(a: Analyzer, node: TNode, arms: TNode[]): boolean {
  // Python's match and Go's switch hold their arms; Java's and JavaScript's body is a child of the switch.
  const parent = node.kind() === "match_statement" || node.kind() === "expression_switch_statement" ? node : node.parent();
  const subject = parent?.field("condition") ?? parent?.field("value") ?? parent?.field("subject");
  const value = subject ? constEval(subject, a.state.consts) : unknown;
  if (value === unknown) return false;
  const cases = arms;
  if (cases.some((c) => labels(a, c) === undefined)) return false;
  let start = cases.findIndex((c) => labels(a, c)!.some((l) => l !== null && l === value));
  if (start < 0) start = cases.findIndex((c) => labels(a, c)!.includes(null));
  if (start < 0) return true;
  const falls = a.syn.ruleLanguage !== "python" && a.syn.ruleLanguage !== "go";
  const exit: Exit | null = node.kind() === "match_statement" ? null : { loop: false, breaks: null, conts: null };
  if (exit) a.exits.push(exit);
  a.state = cloneState(a.state);
  for (let i = start; i < cases.length && !a.state.dead; i++) {
    a.ev(cases[i]!);
    if (!falls || cases[i]!.kind() === "switch_rule") break;
  }
  if (exit) {
    a.exits.pop();
    if (exit.breaks) a.state = a.state.dead ? exit.breaks : join(a.state, exit.breaks);
  }
  return true;
}
