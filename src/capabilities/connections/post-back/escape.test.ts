import assert from "node:assert/strict";
import { test } from "node:test";
import { code, plain } from "./escape.ts";

test("plain: a mention cannot ping anyone (word joiner after the @)", () => {
  const out = plain("ask @octocat and @acme/security-team");
  assert.ok(!/@[a-z]/i.test(out));
  assert.match(out, /@\u2060octocat/);
});

test("plain: links, images and HTML render as text", () => {
  const out = plain('click [here](https://evil.example) ![x](https://evil.example/p.png) <img src=x onerror=alert(1)> <a href="y">');
  assert.ok(!/\]\(/.test(out.replace(/\\\]\\\(/g, "")));
  assert.ok(!out.includes("<"));
  assert.match(out, /\\\[here\\\]\\\(https\\:/);
  assert.match(out, /&lt;img/);
});

test("plain: one line, no markdown structure, capped", () => {
  const out = plain(`# heading\n| a | b |\n---\n${"x".repeat(500)}`, 50);
  assert.ok(!out.includes("\n"));
  assert.ok(out.startsWith("\\# heading"));
  assert.ok(out.length < 80);
});

test("code: a backtick cannot close the span", () => {
  const out = code("a`b` @user\n[x](y)");
  assert.equal(out.split("`").length, 3);
  assert.ok(!out.includes("\n"));
});
