import { test } from "node:test";
import assert from "node:assert/strict";
import { patternGroups } from "./regex-charsets.ts";
import type { Charset } from "./regex-charsets.ts";

const chars = (s: Charset | undefined): string =>
  !s
    ? "none"
    : s.any
      ? "ANY"
      : [...Array(128).keys()]
          .filter((c) => s.has(c))
          .map((c) => String.fromCharCode(c))
          .join("") + (s.nonAscii ? "+" : "");

test("each group holds the characters its own pattern admits; the whole match holds every group's and the text between", () => {
  const g = patternGroups(String.raw`^(\d+)x([a-c]{1,4})$`)!;
  assert.deepEqual(g.groups.map(chars), ["0123456789abcx", "0123456789", "abc"]);
});

test("named groups in Python's and JavaScript's spelling are numbered in order and found by name", () => {
  const g = patternGroups(String.raw`(?P<lang>[a-z]+)(?:-(?<region>[A-Z]{2}))?`)!;
  assert.equal(g.names.get("lang"), 1);
  assert.equal(g.names.get("region"), 2);
  assert.equal(chars(g.groups[2]), "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
});

test("a dot, a negated class, \\W and a Unicode property admit any character", () => {
  for (const p of [String.raw`(.+)`, String.raw`([^/]+)`, String.raw`(\W)`, String.raw`(\p{L}+)`]) assert.equal(chars(patternGroups(p)!.groups[1]), "ANY", p);
});

test("\\w admits word characters and letters beyond ASCII; \\s white space", () => {
  assert.equal(chars(patternGroups(String.raw`(\w)`)!.groups[1]), "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz+");
  assert.equal(chars(patternGroups(String.raw`(\s)`)!.groups[1]), "\t\n\v\f\r +");
});

test("verbose patterns drop their white space and comments; inline and passed flags both count", () => {
  const g = patternGroups("(?P<major>\\d+)   # major\n \\. (?P<minor>\\d+)", { verbose: true })!;
  assert.equal(chars(g.groups[0]), ".0123456789");
  assert.equal(chars(patternGroups("(?x) ( a # letter a\n )")!.groups[1]), "a");
  assert.equal(chars(patternGroups("(a)", { ignoreCase: true })!.groups[1]), "Aa");
  assert.equal(chars(patternGroups("(?i)([a-b])")!.groups[1]), "ABab");
});

test("escaped punctuation, ranges with escaped ends and a leading bracket in a class are those characters", () => {
  assert.equal(chars(patternGroups(String.raw`([\]a-c\-])`)!.groups[1]), "-]abc");
  assert.equal(chars(patternGroups(String.raw`(\.\-\x41)`)!.groups[1]), "-.A");
});

test("what a lookahead matches is no part of the groups around it", () => {
  assert.equal(chars(patternGroups(String.raw`((?=.*\d)[a-z0-9]+)`)!.groups[1]), "0123456789abcdefghijklmnopqrstuvwxyz");
});

test("back-references, conditionals and unbalanced parentheses give no answer", () => {
  for (const p of [String.raw`(\w+)\1`, String.raw`(?P<a>x)(?P=a)`, String.raw`(a)(?(1)b|c)`, "(a", "a)"]) assert.equal(patternGroups(p), null, p);
});
