// Language ids of the engine, how a file's language is recognised, and the parser registration.
import { Lang, registerDynamicLanguage } from "@ast-grep/napi";
import python from "@ast-grep/lang-python";
import go from "@ast-grep/lang-go";
import java from "@ast-grep/lang-java";
import ruby from "@ast-grep/lang-ruby";
import php from "@ast-grep/lang-php";
import csharp from "@ast-grep/lang-csharp";
import kotlin from "@ast-grep/lang-kotlin";
import rust from "@ast-grep/lang-rust";
import { type Language, languageByExtension } from "./language-ids.ts";

export { languages, type Language } from "./language-ids.ts";
const byInterpreter: [RegExp, Language][] = [
  [/^(node|nodejs|bun)$/, "javascript"],
  [/^(deno|ts-node|tsx)$/, "typescript"],
  [/^python[0-9.]*$/, "python"],
  [/^ruby$/, "ruby"],
  [/^php$/, "php"],
];

/** A TypeScript declaration file (.d.ts, .d.mts, .d.cts): types only, nothing in it runs. */
export const declarationFile = /\.d\.[cm]?ts$/i;

/** Language of a file by its extension, else by a `#!` line naming a known interpreter. */
export function detectLanguage(path: string, head: string): Language | null {
  const lang = languageByExtension(path);
  if (lang) return lang;
  if (!head.startsWith("#!")) return null;
  const line = head
    .slice(2, head.indexOf("\n") >>> 0)
    .trim()
    .split(/\s+/);
  // `#!/usr/bin/env -S node --flag` names the interpreter after env and its options.
  let cmd = line[0]?.split("/").pop() ?? "";
  if (cmd === "env") cmd = line.slice(1).find((w) => !w.startsWith("-")) ?? "";
  for (const [re, lang] of byInterpreter) if (re.test(cmd)) return lang;
  return null;
}

/** Languages whose rules also apply: JavaScript rules run on TypeScript and TSX files. */
export function ruleLanguagesFor(lang: Language): Language[] {
  if (lang === "typescript" || lang === "tsx") return ["javascript", lang === "tsx" ? "typescript" : lang, ...(lang === "tsx" ? ["tsx" as const] : [])];
  return [lang];
}

const builtin: Partial<Record<Language, Lang>> = {
  javascript: Lang.JavaScript,
  typescript: Lang.TypeScript,
  tsx: Lang.Tsx,
};

let registered = false;
/**
 * Registers every dynamic grammar of the engine, once per thread. napi keeps only the first
 * registration of a process, so this is the only place that registers: the taint engine
 * (engines/taint/syntax/languages.ts) and the rule loader call it too.
 */
export function ensureParsers(): void {
  if (registered) return;
  registerDynamicLanguage({ python, go, java, ruby, php, csharp, kotlin, rust });
  registered = true;
}

/** The name @ast-grep/napi knows the language by. */
export function parserName(lang: Language): string {
  return builtin[lang] ?? lang;
}
