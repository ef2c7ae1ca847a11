import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AppError } from "../../../kernel/errors.ts";
import { formatAt, parseAt } from "./parse.ts";

describe("parseAt", () => {
  test("accepts every form of the position syntax", () => {
    assert.deepEqual(parseAt("default"), { kind: "default" });
    assert.deepEqual(parseAt("branch:main"), { kind: "branch", name: "main", pin: null });
    assert.deepEqual(parseAt("branch:release/1.x@ABCDEF12"), { kind: "branch", name: "release/1.x", pin: "abcdef12" });
    assert.deepEqual(parseAt("pr:42"), { kind: "pr", number: 42, pin: null });
    assert.deepEqual(parseAt("pr:7@" + "a".repeat(40)), { kind: "pr", number: 7, pin: "a".repeat(40) });
    assert.deepEqual(parseAt("commit:deadbeef"), { kind: "commit", sha: "deadbeef" });
  });

  test("an @ followed by something other than hex belongs to the branch name", () => {
    assert.deepEqual(parseAt("branch:fix@home"), { kind: "branch", name: "fix@home", pin: null });
    assert.deepEqual(parseAt("branch:fix@home@cafe"), { kind: "branch", name: "fix@home", pin: "cafe" });
  });

  test("formatAt gives back the canonical text", () => {
    for (const at of ["default", "branch:main", "branch:a/b@beef", "pr:3", "pr:3@beef", "commit:beef"]) assert.equal(formatAt(parseAt(at)), at);
  });

  const bad = [
    "",
    "x".repeat(513),
    "branch:" + "a".repeat(510),
    "main",
    "branch:",
    "branch:a..b",
    "branch:a b",
    "branch:.hidden",
    "branch:a.lock",
    "branch:a/",
    "branch:a//b",
    "branch:a@{1}",
    "branch:a\nb",
    "branch:a~1",
    "branch:@",
    "pr:0",
    "pr:-1",
    "pr:01",
    "pr:abc",
    "pr:99999999999",
    "pr:1@xyz",
    "commit:",
    "commit:abc",
    "commit:xyz123",
    "commit:" + "a".repeat(65),
    "tag:v1",
    "Default",
    "commit:abcd@beef",
  ];
  for (const at of bad) {
    test(`400 invalid_request with an issue on "at" for ${JSON.stringify(at.slice(0, 40))}`, () => {
      assert.throws(
        () => parseAt(at),
        (e: AppError) => {
          assert.equal(e.code, "invalid_request");
          assert.equal(e.status, 400);
          const issues = e.details!.issues as Array<{ path: string }>;
          assert.equal(issues[0]!.path, "at");
          return true;
        },
      );
    });
  }

  test("512 characters are accepted", () => {
    const at = "branch:" + "a".repeat(505);
    assert.equal(at.length, 512);
    assert.equal(parseAt(at).kind, "branch");
  });
});
