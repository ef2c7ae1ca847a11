// Checks that a value does not start with `-`, the fix of an argument injection: a value that is no option can
// only be an operand of the program it is handed to (`if (repo.startsWith("-")) throw …`, `/^-/.test(name)`,
// `arg[0] === "-"`, Python's `value.startswith("-")`). Such a check says nothing of shells, paths or queries: it
// makes the value safe for argument-injection only.
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";
import { classBit } from "../syntax/classes.ts";
import type { Guard } from "../model/check-operands.ts";
import { operatorOf } from "../model/static-conditions.ts";

const optionBit = classBit("argument-injection");
// One dash: a check for `--` alone lets `-u <command>` (git's short --upload-pack) through.
const dash = /^[rbuRBU]?(["'`])-\1$/;
const dashRegex = /^(?:\/\^-\/[a-z]*|[rbuRBU]?(["'])\^?-\1)$/;
const firstChar = /^([A-Za-z_$][\w$.]*)\s*(?:\[\s*0\s*\]|\.charAt\(\s*0\s*\))$/;
const identifier = /^[A-Za-z_$][\w$.]*$/;

const guard = (name: string | undefined | null): Guard[] => (name && identifier.test(name) ? [{ name, mask: optionBit }] : []);

/**
 * The name a condition tests for a leading dash, as a guard for where the value has none: `whenTrue` says
 * which outcome the caller enters (the guard holds where the condition is false, or true for `x[0] !== "-"`).
 */
export function noLeadingDash(cond: TNode, whenTrue: boolean, syn: Syntax): Guard[] {
  const kind = cond.kind() as string;
  if (kind === "binary_expression" || kind === "comparison_operator") {
    const [l, r] = named(cond);
    if (!l || !r) return [];
    const op = operatorOf(cond);
    const equal = op === "==" || op === "===";
    if (!equal && op !== "!=" && op !== "!==") return [];
    const [value, lit] = dash.test(r.text()) ? [l, r] : dash.test(l.text()) ? [r, l] : [null, null];
    if (!value || !lit) return [];
    // Entered where the first character differs: `x[0] === "-"` false, `x[0] !== "-"` true.
    return equal !== whenTrue ? guard(firstChar.exec(value.text().replace(/\s+/g, ""))?.[1]) : [];
  }
  if (whenTrue || syn.roles[kind] !== "call") return [];
  const fn = cond.field("function");
  const args = named(cond.field("arguments"));
  const text = fn?.text().replace(/\s+/g, "") ?? "";
  // `x.startsWith("-")`, `x.startswith("-")`
  const starts = /^(.+)\.starts[wW]ith$/.exec(text);
  if (starts && args.length === 1 && dash.test(args[0]!.text())) return guard(starts[1]);
  // `/^-/.test(x)`
  if (fn && /\.test$/.test(text) && args.length === 1 && dashRegex.test(text.slice(0, -5))) return guard(args[0]!.text());
  // `re.match(r"^-", x)`, `re.match("-", x)`
  if (/^(?:re\.)?(?:match|search)$/.test(text) && args.length === 2 && dashRegex.test(args[0]!.text())) return guard(args[1]!.text());
  return [];
}
