// Builds commands.generated.ts (npm run gen:cli): the capabilities' `crs` command modules (their
// manifests' `cli`, in the order of src/server/capabilities.ts) copied into the one module the client
// loads, each in its own function scope. One module instead of six keeps the client's start-up as it
// was before the capability folders (importing the six took about 4.5 ms at best here, the one 1.7 ms).
// The copy is textual and knows the shape a cli.ts keeps to; anything else fails here, loudly.
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { capabilities } from "../../../server/capabilities.ts";

const here = dirname(fileURLToPath(import.meta.url));
const maxLine = 160;

interface Source {
  name: string;
  /** The variable holding its exports in the generated module. */
  scope: string;
  file: string;
}

/** An import of a copied module: hoisted to the top, or (another copied module) read from its scope. */
function importsOf(src: Source, text: string, sources: readonly Source[], hoisted: Map<string, Map<string, string>>, local: string[]): string {
  const rest = text.replace(/^import (type )?\{([^}]*)\} from "([^"]+)";\n/gm, (_all, typeOnly: string | undefined, list: string, from: string) => {
    const target = from.startsWith(".") ? join(dirname(src.file), from) : from;
    const sibling = sources.find((s) => s.file === target);
    const specifier = from.startsWith(".") ? `./${relative(here, target).split("\\").join("/")}`.replace(/^\.\/\.\.\//, "../") : from;
    for (const raw of list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const entry = typeOnly ? `type ${raw}` : raw;
      const name = entry
        .replace(/^type /, "")
        .split(/\s+as\s+/)
        .pop()!;
      if (sibling && !entry.startsWith("type ")) {
        const [imported, as] = entry.split(/\s+as\s+/);
        local.push(`const { ${imported}${as ? `: ${as}` : ""} } = ${sibling.scope};`);
        continue;
      }
      const names = hoisted.get(specifier) ?? new Map<string, string>();
      hoisted.set(specifier, names);
      for (const [other, entries] of hoisted) {
        if (other !== specifier && entries.has(name)) throw new Error(`${src.file}: ${name} is imported from ${from} and elsewhere from ${other}`);
      }
      // A value import wins over a type-only one of the same name.
      if (!names.has(name) || names.get(name)!.startsWith("type ")) names.set(name, entry);
    }
    return "";
  });
  if (/^import\b/m.test(rest)) throw new Error(`${src.file}: only \`import { ... } from "..."\` statements can be copied into the command list`);
  return rest;
}

function copy(src: Source, sources: readonly Source[], hoisted: Map<string, Map<string, string>>): string[] {
  const local: string[] = [];
  let body = importsOf(src, readFileSync(src.file, "utf8"), sources, hoisted, local);
  const exported = [...body.matchAll(/^export (?:const|let|function|class) (\w+)/gm)].map((m) => m[1]!);
  body = body.replace(/^export (?=(?:const|let|function|class|type|interface) )/gm, "");
  if (/^export\b/m.test(body)) throw new Error(`${src.file}: only \`export const|function|class|type|interface\` can be copied into the command list`);
  if (!exported.includes("commands")) throw new Error(`${src.file}: exports no \`commands\``);
  const all = body.trim().split("\n");
  const header = all.findIndex((l) => !l.startsWith("//"));
  const lines = [...all.slice(0, header), ...local, ...all.slice(header)].map((l) => (l ? `  ${l}` : l));
  const long = lines.findIndex((l) => [...l].length > maxLine);
  if (long >= 0) throw new Error(`${src.file}: a line is over ${maxLine - 2} characters, too long to copy indented: ${lines[long]!.trim().slice(0, 80)}`);
  return [`const ${src.scope} = (() => {`, ...lines, `  return { ${exported.join(", ")} };`, "})();", ""];
}

/** commands.generated.ts: every capability's command module, in manifest order, and the list of their commands. */
export function buildCommandList(): string {
  const sources: Source[] = capabilities
    .filter((c) => c.cli)
    .map((c) => ({
      name: c.name,
      scope: `${c.name.replace(/-(\w)/g, (_, x: string) => x.toUpperCase())}Cli`,
      file: join(here, "../../../capabilities", c.name, c.cli!.replace(/^\.\//, "")),
    }));
  const hoisted = new Map<string, Map<string, string>>([["../../../kernel/ui/cli.ts", new Map([["CommandSpec", "type CommandSpec"]])]]);
  const bodies: string[] = [];
  sources.forEach((src, i) => {
    // A module reads another's exports from its scope, so that one must come first.
    const later = sources.slice(i + 1).find((s) => readFileSync(src.file, "utf8").includes(`"${relative(dirname(src.file), s.file)}"`));
    if (later) throw new Error(`${src.file} imports ${later.file}, which comes later in src/server/capabilities.ts`);
    bodies.push(`// ---- src/capabilities/${src.name}/${relative(dirname(src.file), src.file)}`, ...copy(src, sources, hoisted));
  });
  const imports = [...hoisted].map(([from, names]) => {
    const entries = [...names.values()];
    return entries.every((e) => e.startsWith("type "))
      ? `import type { ${entries.map((e) => e.slice(5)).join(", ")} } from "${from}";`
      : `import { ${entries.join(", ")} } from "${from}";`;
  });
  return [
    "// Generated by `npm run gen:cli` from the capabilities' manifests (their `cli` modules): do not edit.",
    "// The crs client loads this one module, never the manifests, zod or the operation definitions; each",
    "// capability's cli.ts is copied in its own function scope (commands-build.ts), so the client loads one module, not one each.",
    ...imports,
    "",
    ...bodies,
    "export const commandSpecs: readonly CommandSpec[] = [",
    ...sources.map((s) => `  ...${s.scope}.commands,`),
    "];",
    "",
  ].join("\n");
}
