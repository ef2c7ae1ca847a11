import assert from "node:assert/strict";
import { test } from "node:test";
import { terminalBody, terminalText, visibleText } from "./terminal.ts";

test("stored text on a terminal: escape sequences dropped, other control characters and bidi marks escaped", () => {
  assert.equal(terminalText("a\x1b[31mred\x1b[0m\x07\u202eb\tc\nd"), "ared\\u{7}\\u{202e}b\\u{9}c\\u{a}d");
  assert.equal(terminalBody("x\x1b[2J\ty\nz\u2066"), "x\ty\nz\\u{2066}");
});

test("content under review keeps its escape sequences visible, escaped, and neutralises the same characters", () => {
  assert.equal(visibleText("Missing \x1b[31mauth\x9b2J\u202e"), "Missing \\u{1b}[31mauth\\u{9b}2J\\u{202e}");
  assert.equal(terminalBody("a\x1b]8;;http://x\x07link\tb\nc", visibleText), "a\\u{1b}]8;;http://x\\u{7}link\tb\nc");
});
