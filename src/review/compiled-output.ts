// Output compiled from TypeScript (it names its source map last): a shape the compiler leaves there is nobody's slip
// (`x = x` from `x = x as T`), and rules that say so (rule-schema.ts `compiled: false`) report nothing in such a file.
import type { Rule } from "./rule-loader.ts";
import type { FileText } from "./text.ts";
import type { Finding } from "./types.ts";

/** The last line of output compiled from TypeScript names its source map (`//# sourceMappingURL=list.js.map`). */
const compiledMap = /\/\/# sourceMappingURL=\S+\.m?js\.map\s*$/;

/** `findings` less those of rules that report nothing in compiled output (rule-schema.ts `compiled`), in such a file. */
export function dropInCompiled(findings: Finding[], text: FileText, rules: readonly Rule[]): Finding[] {
  if (!findings.length || !compiledMap.test(text.source.slice(-300))) return findings;
  const off = new Set(rules.filter((r) => r.compiled === false).map((r) => r.id));
  return off.size ? findings.filter((f) => !off.has(f.ruleId)) : findings;
}
