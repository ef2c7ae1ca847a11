// Names a JavaScript or TypeScript file binds to a module or one of its members by requiring or
// importing it: `const FileSystem = require("fs")`, `import * as FS from "node:fs"`,
// `const { exec: run } = require("child_process")`, `import { readFile as rf } from "fs/promises"`.
// Rules name callees by module (`fs.readFile`, `child_process.exec`); syntax/python-imports.ts gives the file a copy
// of the rules with its local names added, so modules are known by what they are, not by their names.
import { regexSpace, wordOrDollar } from "../../../text.ts";

/** A module's name in the rules: `node:` dropped, a subpath as a member (`fs/promises` is `fs.promises`). */
function moduleName(spec: string): string | null {
  const m = spec.replace(/^node:/, "");
  return /^[\w$-]+(?:\/[\w$-]+)*$/.test(m) && !m.startsWith(".") ? m.replace(/\//g, ".") : null;
}

const requireCall = String.raw`require\s*\(\s*['"\x60]([^'"\x60\n]+)['"\x60]\s*\)`;
const whole = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?${requireCall}(?:\s*\.\s*([\w$]+))?`, "g");
const destructured = new RegExp(String.raw`\b(?:const|let|var)\s*\{([^{}]*)\}\s*=\s*${requireCall}`, "g");
// TypeScript's and Babel's CommonJS output: `const fs_1 = __importDefault(require("fs"))` (used as `fs_1.default`),
// `const cp = __importStar(require("child_process"))` or `tslib_1.__importStar(…)` (the module itself).
const wrapped = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:[\w$]+\.)?__import(Default|Star)\s*\(\s*${requireCall}\s*\)`, "g");
const importDefault = /\bimport\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*\{([^{}]*)\}\s*)?from\s*(['"`])([^'"`\n]+)\3/g;
const importNamed = /\bimport\s*\{([^{}]*)\}\s*from\s*(['"`])([^'"`\n]+)\2/g;

const tests = new WeakMap<ReadonlySet<string>, RegExp>();

/** A require or import of one of these modules (`require("fs")`, `from "node:child_process"`, `"fs/promises"`). */
function moduleTest(roots: ReadonlySet<string>): RegExp {
  let r = tests.get(roots);
  if (!r) {
    const names = [...roots].filter((x) => /^[\w$-]+$/.test(x)).map((x) => x.replace(/\$/g, "\\$"));
    r = new RegExp(`(?:require\\s*\\(\\s*|from\\s*|import\\s*)['"\x60](?:node:)?(?:${names.join("|")})['"\x60/]`);
    tests.set(roots, r);
  }
  return r;
}

/** The text around each `require` and `import` (a statement may span lines before or after the word),
 * so the patterns below read a few hundred characters of a large file instead of all of it. */
function around(text: string): string {
  const spans: [number, number][] = [];
  for (const word of ["require", "import"]) {
    for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
      const from = Math.max(0, i - 400);
      const to = Math.min(text.length, i + 400);
      const last = spans[spans.length - 1];
      if (last && from <= last[1] && from >= last[0]) last[1] = Math.max(last[1], to);
      else spans.push([from, to]);
    }
  }
  if (spans.length > 1) spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const sp of spans) {
    const last = merged[merged.length - 1];
    if (last && sp[0] <= last[1]) last[1] = Math.max(last[1], sp[1]);
    else merged.push([...sp]);
  }
  // Windows joined by a newline and a `;`: no statement runs from one into the next.
  return merged.map(([a, b]) => text.slice(a, b)).join("\n;\n");
}

/**
 * A name a require or import binds: to the module `spec` itself (`member` null), to one of its members
 * (`const { exec: run } = require(…)`, `import { a as b }`), or to its default export (`import x from`: `viaDefault`).
 */
export interface ImportBinding {
  local: string;
  spec: string;
  member: string | null;
  viaDefault: boolean;
}

/** The bindings of the requires and imports in `text` (read around the words `require` and `import` only). */
export function* importBindings(text: string): Generator<ImportBinding> {
  const source = around(text);
  if (!source) return;
  function* members(list: string, spec: string, sep: RegExp): Generator<ImportBinding> {
    for (const part of list.split(",")) {
      const [name, local] = part
        .trim()
        .split(sep)
        .map((s) => s.trim());
      if (name && /^[\w$]+$/.test(name)) yield { local: local && /^[\w$]+$/.test(local) ? local : name, spec, member: name, viaDefault: false };
    }
  }
  for (const m of source.matchAll(whole)) yield { local: m[1]!, spec: m[2]!, member: m[3] ?? null, viaDefault: false };
  for (const m of source.matchAll(wrapped)) yield { local: m[2] === "Default" ? `${m[1]}.default` : m[1]!, spec: m[3]!, member: null, viaDefault: false };
  for (const m of source.matchAll(destructured)) yield* members(m[1]!, m[2]!, /\s*:\s*/);
  for (const m of source.matchAll(importDefault)) {
    yield { local: m[1]!, spec: m[4]!, member: null, viaDefault: !/^import\s*\*/.test(m[0]) };
    if (m[2]) yield* members(m[2], m[4]!, /\s+as\s+/);
  }
  for (const m of source.matchAll(importNamed)) yield* members(m[1]!, m[3]!, /\s+as\s+/);
}

/** Local name to qualified name (`FS` to `fs`, `run` to `child_process.exec`) for the file's requires and imports. */
export function jsImportNames(text: string, roots?: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  // Most files require no module the rules name: one scan of the text settles it.
  if (!text.includes("require") && !text.includes("import")) return out;
  if (roots && !moduleTest(roots).test(text)) return out;
  for (const b of importBindings(text)) {
    const mod = moduleName(b.spec);
    const qualified = mod && (b.member ? `${mod}.${b.member}` : mod);
    if (qualified && b.local !== qualified) out.set(b.local, qualified);
  }
  return out;
}

/** A name or a dotted member chain (`cp.exec`). */
const dotted = String.raw`[A-Za-z_$][\w$]*(?:\.[\w$]+)*`;

/**
 * `const run = cp.exec`, `ctor = Function`: a name given a listed callee as it is (no call, no member of a call); or
 * promisified (`const run = util.promisify(cp.exec)`, `promisify(require("child_process").exec)`), which takes the
 * same arguments but the callback.
 */
const aliasAssign = new RegExp(
  String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)\s*=\s*(?:(?:[A-Za-z_$][\w$]*\.)?promisify\(\s*(?:(${dotted})|${requireCall}\s*\.\s*([\w$]+))\s*\)|` +
    String.raw`(${dotted}))\s*(?:;|\n|$)`,
  "y",
);

/**
 * The matches `aliasAssign` would find scanning the text (as matchAll with the g flag), found from the
 * text's `=` signs: a match starts at the word before an `=` (white space between), so only there is it
 * tried. Tried at every position instead, the pattern cost about 2% of a full review's CPU.
 */
export function* aliasMatches(text: string): Generator<RegExpExecArray> {
  let end = 0;
  for (let p = text.indexOf("="); p >= 0; p = text.indexOf("=", p + 1)) {
    let i = p;
    while (i > end && regexSpace(text.charCodeAt(i - 1))) i--;
    let s = i;
    while (s > end && wordOrDollar(text.charCodeAt(s - 1))) s--;
    // No word before the `=`; a word cut at the last match's end fails the pattern's look-behind.
    if (s === i) continue;
    aliasAssign.lastIndex = s;
    const m = aliasAssign.exec(text);
    if (!m) continue;
    end = aliasAssign.lastIndex;
    p = end - 1;
    yield m;
  }
}

/**
 * Local names the file gives a callee the rules list (`listed`), named as such or as a member of a module it imports (`imports`):
 * `const run = cp.exec` is `child_process.exec` when `cp` is the module, `var ctor = Function` is `Function`.
 * Scope is not followed: a name is taken the whole file through, as an import's is.
 */
export function jsAliasNames(text: string, roots: ReadonlySet<string>, imports: Map<string, string>, listed: (callee: string) => boolean): Map<string, string> {
  const out = new Map(imports);
  if (!text.includes("=")) return out;
  for (const m of aliasMatches(text)) {
    const [local, promisedName, spec, member, plain] = [m[1]!, m[2], m[3], m[4], m[5]];
    // A module required in place (`promisify(require("child_process").exec)`) names its member itself.
    const required = spec && member ? moduleName(spec) : null;
    const promised = promisedName ?? (required ? `${required}.${member}` : undefined);
    const value = (promised ?? plain)!;
    if (!value || local === value || out.has(local)) continue;
    const head = value.split(".")[0]!;
    const via = required ? undefined : imports.get(head);
    const qualified = required ? value : via ? via + value.slice(head.length) : roots.has(head) ? value : null;
    // A callee itself (`cp.exec`, `Function`), not a module or object whose members are (`const r = res`); a
    // promisified import is its callee (`promisify(exec)` with `exec` from child_process).
    if (qualified && (qualified !== via || promised) && listed(qualified)) out.set(local, qualified);
  }
  return out;
}
