// A file's taint rules as its text calls for them: the sources its imports bring (an archive library's entries) and
// the names it gives listed callees (`import { exec as run } from "child_process"`, `const run = cp.exec`).
import type { Syntax } from "../syntax/syntax-types.ts";
import { rulesFor } from "../syntax/rules.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { importNames, rootsOf, withImportNames } from "../syntax/python-imports.ts";
import { jsAliasNames, jsImportNames } from "../syntax/js-imports.ts";
import { responseAliases } from "../syntax/response-names.ts";
import { instanceNames } from "../syntax/instance-names.ts";

/** A language's rules, with the names a Python, JavaScript or TypeScript file imports them under (syntax/python-imports.ts, syntax/js-imports.ts). */
export function fileRules(syn: Syntax, source: string): CompiledRules {
  const js = syn.ruleLanguage === "javascript" || syn.ruleLanguage === "typescript";
  // Go and Java: the gated entries the text calls for (Spring's return sinks only in files with a request mapping).
  if (syn.ruleLanguage !== "python" && !js) return rulesFor(syn.ruleLanguage, source);
  // The engine asks for taintCandidates and then refines the same file: its rules are made once.
  if (lastRules?.source === source && lastRules.language === syn.ruleLanguage) return lastRules.rules;
  // With the sources the file's text calls for (an archive library's entries): rules.ts rulesFor.
  const rules = rulesFor(syn.ruleLanguage, source);
  lastRules = { source, language: syn.ruleLanguage, rules: withImportNames(rules, source, js ? jsNames(rules, source) : pyNames(rules, source)) };
  return lastRules.rules;
}

/** A Python file's names for listed callees: its imports', and names bound to a listed class's instance (a client). */
function pyNames(rules: CompiledRules, source: string): Map<string, string> {
  const names = importNames(source);
  for (const [name, made] of instanceNames(rules, source, names, "python")) if (!names.has(name)) names.set(name, made);
  return names;
}

/** A JavaScript file's names for listed callees: its imports', and the names it gives a callee (`const run = cp.exec`). */
function jsNames(rules: CompiledRules, source: string): Map<string, string> {
  const roots = rootsOf(rules);
  const listed = (callee: string): boolean =>
    (["sinks", "sourceCalls", "sanitizers", "guards"] as const).some((t) => rules[t].exact.has(callee) || rules[t].exact.has(`new ${callee}`));
  const imports = jsImportNames(source, roots);
  const names = jsAliasNames(source, roots, imports, listed);
  for (const name of responseAliases(source)) if (!names.has(name)) names.set(name, "res");
  // Instances of a listed class or factory (`const api = axios.create(…)`: `api.get` is `axios.create().get`).
  for (const [name, made] of instanceNames(rules, source, imports, "javascript")) if (!names.has(name)) names.set(name, made);
  return names;
}

/** The last Python file's rules (one file's text and rules; nothing of its tree). */
let lastRules: { source: string; language: string; rules: CompiledRules } | null = null;
