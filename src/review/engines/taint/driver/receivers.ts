// What a method call's receiver is, from the file's own declaration of it (JavaScript, TypeScript).
import type { TNode } from "../syntax/node.ts";

const asPattern = (s: string): string => s.replace(/\$/g, "\\$");

/**
 * `x.exec(…)` where the file declares `x` only from a value (`const expression = pathToRegExp(p)`,
 * `let re = new RegExp(…)`), not from a module (`require(…)`, `import`): a RegExp, a query or a
 * parser, whatever its name, not child_process.
 */
export function receiverIsValue(call: TNode, source: string): boolean {
  const callee = call.field("function");
  if (callee?.kind() !== "member_expression") return false;
  const obj = callee.field("object");
  if (obj?.kind() !== "identifier") return false;
  const name = asPattern(obj.text());
  if (new RegExp(`\\bimport\\b[^;]*\\b${name}\\b[^;]*\\bfrom\\b`).test(source)) return false;
  const inits = [...source.matchAll(new RegExp(`\\b(?:const|let|var)\\s+${name}\\s*=\\s*([^;\\n]*)`, "g"))].map((m) => m[1]!);
  return inits.length > 0 && inits.every((init) => !/\brequire\s*\(|\bimport\s*\(|child_process|shell|execa/.test(init));
}
