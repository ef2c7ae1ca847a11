// Names a JavaScript or TypeScript file binds to a module or one of its members by requiring or
// importing it: `const FileSystem = require("fs")`, `import * as FS from "node:fs"`,
// `const { exec: run } = require("child_process")`, `import { readFile as rf } from "fs/promises"`.
// Rules name callees by module (`fs.readFile`, `child_process.exec`); imports.ts gives the file a copy
// of the rules with its local names added, so modules are known by what they are, not by their names.

/** A module's name in the rules: `node:` dropped, a subpath as a member (`fs/promises` is `fs.promises`). */
function moduleName(spec: string): string | null {
  const m = spec.replace(/^node:/, "");
  return /^[\w$-]+(?:\/[\w$-]+)*$/.test(m) && !m.startsWith(".") ? m.replace(/\//g, ".") : null;
}

const requireCall = String.raw`require\s*\(\s*['"\x60]([^'"\x60\n]+)['"\x60]\s*\)`;
const whole = new RegExp(String.raw`\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?${requireCall}(?:\s*\.\s*([\w$]+))?`, "g");
const destructured = new RegExp(String.raw`\b(?:const|let|var)\s*\{([^{}]*)\}\s*=\s*${requireCall}`, "g");
const importDefault = /\bimport\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*\{([^{}]*)\}\s*)?from\s*(['"`])([^'"`\n]+)\3/g;
const importNamed = /\bimport\s*\{([^{}]*)\}\s*from\s*(['"`])([^'"`\n]+)\2/g;

/** Local name to qualified name (`FS` to `fs`, `run` to `child_process.exec`) for the file's requires and imports. */
export function jsImportNames(source: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!source.includes("require") && !source.includes("import")) return out;
  const set = (local: string | undefined, qualified: string): void => {
    if (local && local !== qualified) out.set(local, qualified);
  };
  const members = (list: string, mod: string, sep: RegExp): void => {
    for (const part of list.split(",")) {
      const [name, local] = part.trim().split(sep).map((s) => s.trim());
      if (name && /^[\w$]+$/.test(name)) set(local && /^[\w$]+$/.test(local) ? local : name, `${mod}.${name}`);
    }
  };
  for (const m of source.matchAll(whole)) {
    const mod = moduleName(m[2]!);
    if (mod) set(m[1], m[3] ? `${mod}.${m[3]}` : mod);
  }
  for (const m of source.matchAll(destructured)) {
    const mod = moduleName(m[2]!);
    if (mod) members(m[1]!, mod, /\s*:\s*/);
  }
  for (const m of source.matchAll(importDefault)) {
    const mod = moduleName(m[4]!);
    if (!mod) continue;
    set(m[1], mod);
    if (m[2]) members(m[2], mod, /\s+as\s+/);
  }
  for (const m of source.matchAll(importNamed)) {
    const mod = moduleName(m[3]!);
    if (mod) members(m[1]!, mod, /\s+as\s+/);
  }
  return out;
}
