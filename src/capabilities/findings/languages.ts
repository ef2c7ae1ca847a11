// A finding's language, from its path's extension: the engine's table (src/review/languages.ts),
// repeated here so the list schemas do not load the parsers (languages.test.ts keeps the two equal).
import type { inboxLanguages } from "./schemas.ts";

export const languageByExtension: Readonly<Record<string, (typeof inboxLanguages)[number]>> = {
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  py: "python",
  pyi: "python",
  go: "go",
  java: "java",
  rb: "ruby",
  php: "php",
  cs: "csharp",
  kt: "kotlin",
  kts: "kotlin",
  rs: "rust",
};

/** The language of a path by its extension, or null (a script known only by its #! line has none here). */
export function languageOf(path: string): string | null {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? (languageByExtension[base.slice(dot + 1).toLowerCase()] ?? null) : null;
}
