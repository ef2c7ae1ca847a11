import { test } from "node:test";
import assert from "node:assert/strict";
import { jsRegexAt, pyStringAt } from "./literals.ts";

test("a Python literal keeps a backslash before a character it gives no meaning to, and decodes those it does", () => {
  assert.equal(pyStringAt(String.raw`"\d+\n\\x"`, 0, false)?.value, "\\d+\n\\x");
  assert.equal(pyStringAt(String.raw`r"\d+\n"`, 0, false)?.value, String.raw`\d+\n`);
});

test("adjacent Python literals join, across lines only inside parentheses", () => {
  const src = 'r"[a-z]+" r"(\\d)"\n  "x"';
  assert.equal(pyStringAt(src, 0, true)?.value, "[a-z]+(\\d)x");
  assert.equal(pyStringAt(src, 0, false)?.value, "[a-z]+(\\d)");
});

test("a triple-quoted Python literal runs over lines; an f-string or an unclosed literal is none", () => {
  assert.equal(pyStringAt('"""a\nb"""', 0, false)?.value, "a\nb");
  assert.equal(pyStringAt('f"{x}"', 0, false), null);
  assert.equal(pyStringAt('"abc\n', 0, false), null);
});

test("a JavaScript regex literal gives its source and flags, a slash inside a class included", () => {
  assert.deepEqual(jsRegexAt("x = /^[a/b]+\\/(\\d)$/gi;", 4), { source: "^[a/b]+\\/(\\d)$", flags: "gi" });
  assert.equal(jsRegexAt("x = a / b", 4), null);
});
