// Regex habits that make ast-grep slow: it compiles a rule's regexes on every findAll, and under
// (?i) a Unicode class such as [\s\S] or \w expands to every case-folded code point (7 ms per
// compile measured for one rule, against 0.1 ms with (?s:.)). Built-in rules must avoid them.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadRules } from "./rule-loader.ts";

function regexes(value: unknown, out: string[]): string[] {
  if (Array.isArray(value)) for (const v of value) regexes(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "regex" && typeof v === "string") out.push(v);
      else regexes(v, out);
    }
  }
  return out;
}

test("built-in rules use (?s:.) rather than [\\s\\S], and ASCII classes rather than \\w and \\d", async () => {
  const { rules } = await loadRules();
  const slow: string[] = [];
  for (const rule of rules) {
    for (const re of regexes(rule.config, [])) {
      if (/\[\\s\\S\]|\[\\S\\s\]|\\[wWdD]/.test(re)) slow.push(`${rule.id}: ${re.slice(0, 80)}`);
    }
  }
  assert.deepEqual(slow, []);
});
