// Regexes handed to ast-grep's native side read `\w`, `\d` and `\b` as ASCII (text.ts nativeRegex): on ASCII code
// they match what they matched before, and only the built-in rules are rewritten so.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parse } from "@ast-grep/napi";
import type { NapiConfig } from "@ast-grep/napi";
import { nativeRegex, nativeRegexes } from "./text.ts";
import { parseRuleText } from "./rule-loader.ts";

const code = ["const parts = splitPath(p);", "let total_2 = 10 + count;", "const é = toPath(q);", "obj.dotSplit(x);", "var $el = $('#a');"].join("\n");
const root = parse("javascript" as never, code).root();
const matched = (regex: string): string[] =>
  root
    .findAll({
      rule: { regex, any: [{ kind: "identifier" }, { kind: "property_identifier" }, { kind: "lexical_declaration" }, { kind: "number" }] },
    } as NapiConfig)
    .map((n) => n.text());

test("a regex with \\w, \\d and \\b matches the same ASCII identifiers, numbers and statements once written with ASCII classes", () => {
  for (const re of [
    String.raw`^(?:split(?:Path|Keys?)?|[\w$]*Split|(?:to|cast|parse)Path)$`,
    String.raw`^const\b`,
    String.raw`^\d+$`,
    String.raw`^[^\W\d]\w*_\d$`,
    String.raw`\bcount\B|\Bount\b`,
  ]) {
    const ascii = nativeRegex(re);
    assert.notEqual(ascii, re, re);
    assert.deepEqual(matched(ascii), matched(re), re);
  }
});

test("ASCII classes are what JavaScript's \\w means: a non-ASCII letter is no word character, as in the engine's own text checks", () => {
  assert.deepEqual(matched(String.raw`^\w+$`).includes("é"), true);
  assert.deepEqual(matched(nativeRegex(String.raw`^\w+$`)).includes("é"), /^\w+$/.test("é"));
});

test("nativeRegex leaves escaped backslashes, \\s and other escapes as written, and nests a class inside a class", () => {
  assert.equal(nativeRegex(String.raw`\\w\s+\.\(`), String.raw`\\w\s+\.\(`);
  assert.equal(nativeRegex(String.raw`[\w$]`), "[[0-9A-Za-z_]$]");
  assert.equal(nativeRegex(String.raw`[\]\d]`), String.raw`[\][0-9]]`);
  assert.equal(nativeRegex(String.raw`\W\D\b\B`), String.raw`[^0-9A-Za-z_][^0-9](?-u:\b)(?-u:\B)`);
  assert.deepEqual(nativeRegexes({ rule: { all: [{ regex: String.raw`\w` }, { pattern: String.raw`f(\w)` }] } }), {
    rule: { all: [{ regex: "[0-9A-Za-z_]" }, { pattern: String.raw`f(\w)` }] },
  });
});

test("a built-in rule's regexes reach ast-grep with ASCII classes; a custom rule's keep ast-grep's own reading", () => {
  const text = [
    "id: custom.split",
    "language: javascript",
    "title: A split",
    "description: test rule",
    "severity: low",
    "rule:",
    "  kind: identifier",
    "  regex: '^[\\w$]*Split\\b'",
  ].join("\n");
  const regexOf = (builtin: boolean) => (parseRuleText(text, "split.yml", builtin).rules[0]!.config.rule as { regex: string }).regex;
  assert.equal(regexOf(false), String.raw`^[\w$]*Split\b`);
  assert.equal(regexOf(true), String.raw`^[[0-9A-Za-z_]$]*Split(?-u:\b)`);
});
