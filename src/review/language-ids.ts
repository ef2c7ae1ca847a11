// The engine's language ids and how a path's extension names one: plain data, no parser, so the
// service can read a finding's language without loading the grammars (languages.ts registers those).
export const languages = ["javascript", "typescript", "tsx", "python", "go", "java", "ruby", "php", "csharp", "kotlin", "rust"] as const;
export type Language = (typeof languages)[number];

const byExtension: Record<string, Language> = {
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

/** The language a path's extension names, or null (a script known only by its `#!` line has none here). */
export function languageByExtension(path: string): Language | null {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? (byExtension[base.slice(dot + 1).toLowerCase()] ?? null) : null;
}
