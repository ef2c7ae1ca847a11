// Guards a merge or set-by-path function relies on (prototype-pollution.ts): the dangerous keys named in its text,
// `key in Object.prototype`, and helpers of the file (or imported ones) named for checking keys or naming those keys.
import type { SgNode } from "@ast-grep/napi";
import { functionKinds } from "./prototype-pollution-splits.ts";

/** `"__proto__"` named, or every key beginning `__` refused (`key.startsWith("__")`, `/^__/.test(key)`). */
export const protoLiteral = /["'`]__proto__["'`]|__proto__\||\.startsWith\(\s*["'`]__["'`]\s*\)|\/\^__\//;
const otherLiteral = /["'`](constructor|prototype)["'`]|\|(constructor|prototype)\b|\b(constructor|prototype)\|/;

/** `key in Object.prototype` is true for `__proto__`, `constructor` and every other inherited name at once;
 * `cur === Object.prototype` then a throw or return stops a walk that reached it. Reset to a new object instead
 * (`if (o[k] === Object.prototype) o[k] = {}`), the walk goes on into `constructor.prototype` all the same: a
 * function's `prototype` is not writable, so the reset does nothing there. The list of `Object.prototype`'s own names
 * (`Object.getOwnPropertyNames(Object.prototype)`, `__proto__` and `constructor` among them) checked with `includes`
 * skips them all as `in` does. */
const inheritedCheck = new RegExp(
  String.raw`\bin\s+Object\.prototype\b|\bObject\.getOwnPropertyNames\(\s*Object\.prototype\s*\)|` +
    String.raw`[!=]==?\s*Object\.prototype\b(?!\.)(?=[^;{}]*\)\s*\{?\s*(?:throw|return|continue|break)\b)`,
);
/** A module that freezes `Object.prototype` cannot pollute it. */
export const frozenPrototype = /\bObject\.freeze\(\s*Object\.prototype\s*\)/;
/** What a key check's name says (`isUnsafeKey`, `validateKeyName`, `isSafeFromPollution`, `isPrototypePolluted`). */
const keyCheckWord =
  String.raw`(?=[\w$]*(?:Key|Prop|Path|Segment|Pollut|Proto))(?:is|assert|check|validate|ensure)[\w$]*?` +
  String.raw`(?:Unsafe|Safe|Valid|Allowed|Forbidden|Dangerous|Proto|Polluti)[\w$]*`;
/**
 * A helper of the file named for checking keys against pollution; not `isPrototype(value)`, which asks whether a
 * value is some constructor's prototype object (a library's own type test, called by every key iteration of it).
 */
const keyCheckName = new RegExp(`^(?!isPrototype(?:Of)?$)${keyCheckWord}$`);
const keyCheckAnywhere = new RegExp(keyCheckWord);
/** A key check the module imports (`const { isUnsafeKey } = require("./utils")`), known by what its name says. */
const importedKeyCheck = new RegExp(`\\b${keyCheckWord}(?=[^;\\n]*(?:\\brequire\\s*\\(|\\bfrom\\s*["'\`]))`, "g");
/** A regular expression matching any of `names` as a whole word. */
export const anyWord = (names: string[]): RegExp => new RegExp(`\\b(${names.map((g) => g.replace(/\$/g, "\\$")).join("|")})\\b`);
export const guardText = (t: string): boolean => (protoLiteral.test(t) && otherLiteral.test(t)) || inheritedCheck.test(t);

const functionValue = { any: [...functionKinds].map((kind) => ({ kind })) };
const nestedHelper = [
  { kind: "function_declaration" },
  { kind: "variable_declarator", has: { field: "value", ...functionValue } },
  { kind: "assignment_expression", all: [{ has: { field: "left", kind: "identifier" } }, { has: { field: "right", ...functionValue } }] },
];

/** Top-level names (constants, helpers) whose text names the dangerous keys, or uses such a name (a
 * `validateKey(k)` that throws when `isUnsafeKey(k)`): using one is a guard. */
export function guardNames(root: SgNode, source: string): string[] {
  const names: string[] = [...new Set(root.text().match(importedKeyCheck) ?? [])];
  // A declaration joins the guards by its text (a guard text or a guard's name in it) or its name (a key
  // check's): in a file holding neither, none does, and its top level need not be read.
  if (!names.length && !guardText(source) && !keyCheckAnywhere.test(source)) return names;
  const decls: { text: string; names: string[] }[] = [];
  for (const stmt of root.children()) {
    const decl = stmt.kind() === "export_statement" ? (stmt.field("declaration") ?? stmt) : stmt;
    const named = String(decl.kind()) === "function_declaration" ? [decl] : decl.children().filter((c) => c.kind() === "variable_declarator");
    const own = named.flatMap((n) => (n.field("name")?.kind() === "identifier" ? [n.field("name")!.text()] : []));
    if (own.length) decls.push({ text: decl.text(), names: own });
  }
  // Helpers declared inside a module wrapper (a UMD factory), or assigned one of two versions
  // (`getSafely = function (o, k) {…}` in an if/else), guard as top-level ones do.
  for (const d of root.findAll({ rule: { any: nestedHelper } })) {
    if (d.parent()?.kind() === "program" || d.parent()?.parent()?.kind() === "program") continue;
    const name = d.field(d.kind() === "assignment_expression" ? "left" : "name");
    if (name?.kind() === "identifier") decls.push({ text: d.text(), names: [name.text()] });
  }
  let word: RegExp | null = null;
  for (let grew = true; grew; ) {
    grew = false;
    for (const d of decls) {
      if (!d.names.length || !(guardText(d.text) || word?.test(d.text) || d.names.some((n) => keyCheckName.test(n)))) continue;
      names.push(...d.names);
      d.names = [];
      grew = true;
    }
    if (grew) word = anyWord(names);
  }
  return names;
}

/** What a collection of the dangerous keys is named for (`specialProperties`, `FORBIDDEN_KEYS`, `unsafeProps`, `protoKeys`). */
const keyListName = new RegExp(
  String.raw`^(?=[\w$]*(?:[sS]pecial|[fF]orbidden|[uU]nsafe|[dD]angerous|[bB]locked|[bB]lack[lL]ist|[dD]eny[lL]ist|[dD]isallowed|[pP]roto|[pP]ollut|` +
    String.raw`SPECIAL|FORBIDDEN|UNSAFE|DANGEROUS|BLOCKED|PROTO))[\w$]*` +
    "(?:Props?|Properties|Keys?|Names|Fields|List|PROPS?|PROPERTIES|KEYS?|NAMES|FIELDS|LIST)$",
);
/** A membership test on a collection (`x.has(k)`, `X.includes(k)`, `X.indexOf(k)`, also as a member: `utils.specialProperties.has(k)`). */
const membership = /(?<![\w$])(?:[\w$]+\s*\.\s*)*?([\w$]+)\s*\.\s*(?:has|includes|indexOf)\s*\(/g;

/**
 * Whether `body` tests its keys against a collection named for the dangerous keys that the file does not write out
 * itself (`if (specialProperties.has(key)) continue`, the set imported from a helper module): a module's own
 * list is judged by what it holds (guardNames).
 */
export function namedKeyListCheck(body: string, source: string): boolean {
  for (const m of body.matchAll(membership)) {
    const name = m[1]!;
    if (!keyListName.test(name)) continue;
    const written = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}\\s*=\\s*(?:Object\\.freeze\\(\\s*)?(?:new\\s+Set\\s*\\(\\s*)?\\[`);
    if (!written.test(source)) return true;
  }
  return false;
}
