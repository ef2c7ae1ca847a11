// Path aliases of a TypeScript or JavaScript project (`compilerOptions.paths` in tsconfig.json or
// jsconfig.json: `"@/*": ["./src/*"]`), so a module imported as `@/lib/users` is found as
// `src/lib/users.ts` for cross-file summaries (library.ts). The file is JSON with comments and
// trailing commas; `extends` is not followed (the aliases a project writes are in its own file).
import { parse } from "jsonc-parser";
import { posix } from "node:path";

/** One tsconfig's aliases: the directory it applies to and each pattern's prefix, suffix and targets. */
export interface PathAliases {
  dir: string;
  aliases: { prefix: string; suffix: string; targets: string[] }[];
}

/** Whether a repository path is a project file that may declare path aliases. */
export const isProjectConfig = (path: string): boolean => /(?:^|\/)[jt]sconfig(?:\.[\w-]+)?\.json$/.test(path);

/** The aliases a tsconfig/jsconfig declares (targets made repository paths), or null when it declares none. */
export function readPathAliases(path: string, text: string): PathAliases | null {
  const json: unknown = parse(text, [], { allowTrailingComma: true, disallowComments: false });
  const options = (json as { compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | null)?.compilerOptions;
  const paths = options?.paths;
  if (!paths || typeof paths !== "object") return null;
  const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
  const base = posix.join(dir, typeof options.baseUrl === "string" ? options.baseUrl : ".");
  const aliases: PathAliases["aliases"] = [];
  for (const [pattern, list] of Object.entries(paths as Record<string, unknown>)) {
    if (!Array.isArray(list) || (pattern.match(/\*/g)?.length ?? 0) > 1) continue;
    const star = pattern.indexOf("*");
    const targets = list.filter((t): t is string => typeof t === "string" && (t.match(/\*/g)?.length ?? 0) <= 1).map((t) => posix.join(base, t));
    // A target above the repository's root is none of its files.
    const inside = targets.filter((t) => !t.startsWith(".."));
    if (inside.length) aliases.push({ prefix: star < 0 ? pattern : pattern.slice(0, star), suffix: star < 0 ? "" : pattern.slice(star + 1), targets: inside });
  }
  return aliases.length ? { dir, aliases } : null;
}

/**
 * The repository paths (without extension) an aliased specifier names from a file: by the aliases of
 * the nearest project config above the file, the longest matching prefix first, as TypeScript picks.
 */
export function aliasTargets(configs: readonly PathAliases[], spec: string, from: string): string[] {
  let best: PathAliases | null = null;
  for (const c of configs) if ((c.dir === "" || from.startsWith(`${c.dir}/`)) && (!best || c.dir.length > best.dir.length)) best = c;
  if (!best) return [];
  const matches = best.aliases
    .filter((a) => spec.startsWith(a.prefix) && spec.endsWith(a.suffix) && spec.length >= a.prefix.length + a.suffix.length)
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const a = matches[0];
  if (!a) return [];
  const hole = a.prefix === spec && !a.suffix ? "" : spec.slice(a.prefix.length, spec.length - a.suffix.length);
  return a.targets.map((t) =>
    t
      .replace("*", hole)
      .replace(/\.(?:[cm]?[jt]sx?)$/, "")
      .replace(/\/$/, ""),
  );
}
