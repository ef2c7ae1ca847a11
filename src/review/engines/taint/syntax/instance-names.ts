// Names a file binds to an instance of a class whose methods the rules list (`httpx.AsyncClient().get`,
// `axios.create().get`): `client = httpx.AsyncClient(…)`, `with Session() as s`, `const api = axios.create({…})`.
// Such a name takes the entries of the instance's methods (python-imports.ts withImportNames), by text, for the
// whole file: a name bound so anywhere in it is taken as that instance everywhere.
import type { CompiledRules } from "./rule-specs.ts";

const tables = ["sinks", "sourceCalls", "sanitizers", "guards"] as const;

/** Python: `client = httpx.AsyncClient(…)`, `self.session = Session()` (annotated or awaited too): a name and the callee that made it. */
const pyBinding = /^[ \t]*((?:self\.)?[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:await[ \t]+)?([A-Za-z_][\w.]*)[ \t]*\(/gm;
/** Python: `with httpx.Client(timeout=5) as client`, `async with aiohttp.ClientSession() as s, …`: the callee and the name. */
const pyWithItem = /([A-Za-z_][\w.]*)[ \t]*\((?:[^()]|\([^()]*\))*\)[ \t]+as[ \t]+([A-Za-z_]\w*)/g;
/**
 * JavaScript: `const api = axios.create({…})`, `this.http = got.extend(…)`, `client = new Client(…)`. Found from
 * the `=` and the call (jsCall), then the name read back (jsNameBefore): a pattern that starts at `=` is scanned
 * for about six times as fast as one that starts at every name of the file.
 */
const jsCall = /=\s*(?:await\s+)?(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*\(/g;
const jsNameBefore = /(?<![\w$.])((?:this\.)?[A-Za-z_$][\w$]*)\s*$/;
const nameChar = /[\w$.]/;

interface Classes {
  /** `httpx.Client` of `httpx.Client().get`. */
  classes: Set<string>;
  /** Each one's module and last word (`httpx`, `Client`): a file naming no such pair binds no instance (the module is imported by name). */
  words: [string, string][];
}
const classesOf = new WeakMap<CompiledRules, Classes>();

function instanceClasses(rules: CompiledRules): Classes {
  let c = classesOf.get(rules);
  if (!c) {
    const keys = tables.flatMap((t) => [...rules[t].exact.keys()]);
    const classes = new Set(keys.flatMap((k) => (k.includes("().") ? [k.slice(0, k.indexOf("()."))] : [])));
    c = { classes, words: [...classes].map((k): [string, string] => [k.split(".")[0]!, k.slice(k.lastIndexOf(".") + 1)]) };
    classesOf.set(rules, c);
  }
  return c;
}

/**
 * Names bound to an instance of a listed class, to that class's call (`client` -> `httpx.AsyncClient()`), the
 * class named as the file imports it (`imports`: local name to qualified name, `from httpx import AsyncClient`).
 */
export function instanceNames(
  rules: CompiledRules,
  source: string,
  imports: ReadonlyMap<string, string>,
  language: "python" | "javascript",
): [string, string][] {
  const { classes, words } = instanceClasses(rules);
  if (!classes.size || !words.some(([head, last]) => source.includes(last) && source.includes(head))) return [];
  const out: [string, string][] = [];
  // The callee as the rules name it (`AsyncClient` after `from httpx import AsyncClient`: `httpx.AsyncClient`).
  const qualify = (callee: string): string => {
    const dot = callee.indexOf(".");
    const head = dot < 0 ? callee : callee.slice(0, dot);
    return (imports.get(head) ?? head) + (dot < 0 ? "" : callee.slice(dot));
  };
  const add = (name: string, callee: string): void => {
    const qualified = qualify(callee);
    if (classes.has(qualified)) out.push([name, `${qualified}()`]);
  };
  if (language === "python") {
    for (const m of source.matchAll(pyBinding)) add(m[1]!, m[2]!);
    for (const m of source.matchAll(pyWithItem)) add(m[2]!, m[1]!);
  } else
    for (const m of source.matchAll(jsCall)) {
      const callee = m[1]!;
      if (!classes.has(qualify(callee))) continue;
      // The name is a few words before the `=` (`this.client`): read from the start of a name within 200 characters.
      let from = Math.max(0, m.index - 200);
      while (from > 0 && nameChar.test(source[from - 1]!)) from--;
      const name = jsNameBefore.exec(source.slice(from, m.index));
      if (name) add(name[1]!, callee);
    }
  return out;
}
