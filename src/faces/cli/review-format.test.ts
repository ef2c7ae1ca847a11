import assert from "node:assert/strict";
import { test } from "node:test";
import type { Finding } from "../../review/types.ts";
import { formatHuman } from "./review-format.ts";

const finding = (over: Partial<Finding>): Finding => ({
  ruleId: "js.eval",
  title: "Eval of input",
  description: "",
  severity: "high",
  cwe: [95],
  confidence: "high",
  tags: [],
  location: { path: "app.js", startLine: 3, startColumn: 1, endLine: 3, endColumn: 10 },
  relatedLocations: [],
  fingerprint: "f",
  engine: "pattern",
  ...over,
});

test("human output shows a finding's control characters and bidi marks escaped, and keeps each title and path on one line", () => {
  const f = finding({
    title: "Eval\nfake 9:9 critical line \x1b[2J",
    location: { path: "a\u202e.js", startLine: 3, startColumn: 1, endLine: 4, endColumn: 2, snippet: "eval(x) // \u2067hidden\u2069\n\tnext\x07" },
  });
  const out = formatHuman({ findings: [f], skipped: [], ruleProblems: [], stats: { files: 1, lines: 4, bytes: 40, ms: 1 } }, true);
  assert.doesNotMatch(out, /[\u202e\u2067\u2069\x07]|\x1b\[2J/);
  assert.match(out, /a\\u\{202e\}\.js/);
  assert.match(out, /Eval fake 9:9 critical line \\u\{1b\}\[2J/);
  assert.match(out, /eval\(x\) \/\/ \\u\{2067\}hidden\\u\{2069\}/);
  assert.match(out, /4 \| \x1b\[0m\tnext\\u\{7\}/);
});
