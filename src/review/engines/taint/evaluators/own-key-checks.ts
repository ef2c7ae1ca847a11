// Checks that a key is one of a table's own entries, so names only what the program put there: Go's map lookups
// (`if allowed[x]`, `if _, ok := allowed[x]; ok`) and JavaScript's own-key tests (`Object.hasOwn(table, key)`,
// `table.hasOwnProperty(key)`, `Object.prototype.hasOwnProperty.call(table, key)`).
import type { TNode } from "../syntax/node.ts";
import type { Syntax } from "../syntax/syntax-types.ts";
import { named } from "../syntax/syntax-types.ts";

const ownKeyCall = /(?:^Object\.hasOwn|\.hasOwnProperty(?:\.call)?)$/;

/** The key a Go condition looks up (the condition itself, or the `ok` of a comma-ok lookup), else null. */
export function goLookupKey(cond: TNode, syn: Syntax): TNode | null {
  const kind = cond.kind();
  const lookup = kind === "index_expression" ? cond : syn.roles[kind] === "ident" ? commaOkLookup(cond) : null;
  return lookup?.field("index") ?? null;
}

/** The key an own-key call tests (its last argument) when `text` is such a call's callee, else null. */
export function ownKeyArg(call: TNode, text: string): TNode | null {
  return ownKeyCall.test(text) ? (named(call.field("arguments")).at(-1) ?? null) : null;
}

/** `ok` in `if _, ok := table[x]; ok` (or `!ok`): the lookup its if statement's initializer makes, else null. */
function commaOkLookup(ok: TNode): TNode | null {
  let stmt = ok.parent();
  while (stmt && (stmt.kind() === "unary_expression" || stmt.kind() === "parenthesized_expression")) stmt = stmt.parent();
  const init = stmt?.kind() === "if_statement" ? stmt.field("initializer") : null;
  if (init?.kind() !== "short_var_declaration") return null;
  const names = named(init.field("left"));
  const value = named(init.field("right"))[0];
  return names.length === 2 && names[1]!.text() === ok.text() && value?.kind() === "index_expression" ? value : null;
}
