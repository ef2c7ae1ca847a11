import assert from "node:assert/strict";
import { test } from "node:test";
import { markdown } from "./markdown.ts";

test("markdown renders code and emphasis, and hostile HTML, scripts, images and script links only as text", () => {
  const out = markdown(
    "Use `execFile` **not** exec.\n\n<script>alert(1)</script> <img src=x onerror=alert(1)> ![t](https://evil.test/t.png)\n\n" +
      '[x](javascript:alert(1)) [ok](https://cwe.mitre.org/data/definitions/78.html) <a href="javascript:alert(1)">a</a>',
  ).text;
  assert.match(out, /<code>execFile<\/code> <strong>not<\/strong>/);
  assert.doesNotMatch(out, /<script|<img|<a href="javascript|href="javascript/i);
  assert.match(out, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(out, /<a href="https:\/\/cwe\.mitre\.org\/data\/definitions\/78\.html" rel="nofollow noreferrer noopener">ok<\/a>/);
});
