// A file's compiled taint rules (fileRules, driver/cross-file-names.ts), remembered for the files of
// one batch.
import type { Syntax } from "../syntax/syntax-types.ts";
import type { CompiledRules } from "../syntax/rule-specs.ts";
import { fileRules } from "./file-rules.ts";

/**
 * fileRules, remembered for the files of one batch: the engine asks taintCandidates of every file of a
 * batch before it refines the first, so the one file fileRules itself remembers is never the one asked
 * again. Held up to about a batch's worth of text (batches.ts reviewBatch: 128 files, 512 KiB); only for
 * the languages whose rules depend on the file's imports (the others' are shared as they are).
 */
const recentRules = new Map<string, { language: string; rules: CompiledRules }>();
let recentChars = 0;
const recentMax = { files: 160, chars: 1 << 20 };
const importAware = new Set(["python", "javascript", "typescript"]);

export function batchRules(syn: Syntax, source: string): CompiledRules {
  if (!importAware.has(syn.ruleLanguage) || source.length > recentMax.chars) return fileRules(syn, source);
  const known = recentRules.get(source);
  if (known?.language === syn.ruleLanguage) return known.rules;
  const rules = fileRules(syn, source);
  if (known) recentChars -= source.length;
  recentRules.delete(source);
  while (recentRules.size && (recentRules.size >= recentMax.files || recentChars + source.length > recentMax.chars)) {
    const oldest = recentRules.keys().next().value!;
    recentRules.delete(oldest);
    recentChars -= oldest.length;
  }
  recentRules.set(source, { language: syn.ruleLanguage, rules });
  recentChars += source.length;
  return rules;
}
