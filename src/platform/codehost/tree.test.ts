import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { failureSummary } from "./failures.ts";
import { parseLsTree, symlinkStaysInside } from "./tree.ts";

const oid = "b".repeat(40);

function lsTree(...paths: Array<string | Buffer>): Buffer {
  return Buffer.concat(paths.map((p) => Buffer.concat([Buffer.from(`100644 blob ${oid}      12\t`), Buffer.from(p), Buffer.from([0])])));
}

describe("parseLsTree with hostile names", () => {
  test("paths no checkout would write (.., ., empty parts, .git in any case) are left out", () => {
    const entries = parseLsTree(lsTree("ok.txt", "../escape", "a/../../b", "./x", "a//b", ".git/config", "sub/.GIT/hooks/pre-commit", "/abs"));
    assert.deepEqual(
      entries.map((e) => e.path),
      ["ok.txt"],
    );
  });

  test("names with newlines, tabs and invalid UTF-8 keep their exact bytes", () => {
    const odd = Buffer.from([0x61, 0x0a, 0x09, 0xff, 0xfe, 0x2e, 0x63]);
    const [e] = parseLsTree(lsTree(odd));
    assert.ok(e!.pathBytes.equals(odd));
    assert.equal(e!.utf8, false);
    assert.equal(e!.size, 12);
  });

  test("submodule entries are left out", () => {
    const out = Buffer.from(`160000 commit ${oid}       -\tvendor/lib\0`);
    assert.deepEqual(parseLsTree(out), []);
  });
});

describe("symlinkStaysInside", () => {
  const cases: Array<[string, string, boolean]> = [
    ["a/link", "b.txt", true],
    ["a/link", "../b.txt", true],
    ["a/link", "../../b.txt", false],
    ["link", "/etc/passwd", false],
    ["link", ".", false],
    ["a/b/link", "../../c/../../x", false],
    ["link", "", false],
  ];
  for (const [link, target, inside] of cases) {
    test(`${link} -> ${JSON.stringify(target)} ${inside ? "stays inside" : "escapes"}`, () => {
      assert.equal(symlinkStaysInside(Buffer.from(link), Buffer.from(target)), inside);
    });
  }
});

describe("failureSummary", () => {
  test("keeps git's fatal line and strips credentials from URLs", () => {
    const s = failureSummary("remote: nope\nfatal: unable to access 'https://bob:s3cret@git.example.com/a/b/': 403\n");
    assert.equal(s, "fatal: unable to access 'https://git.example.com/a/b/': 403");
  });
  test("replaces the server's file paths, quoted or not, and file:// URLs", () => {
    assert.equal(
      failureSummary("fatal: '/var/lib/crs/mirrors/12.git' does not appear to be a git repository\n"),
      "fatal: '<path>' does not appear to be a git repository",
    );
    assert.equal(
      failureSummary("error: could not lock config file /srv/crs/mirrors/3/config: Permission denied"),
      "error: could not lock config file <path> Permission denied",
    );
    assert.equal(failureSummary("fatal: unable to access file:///home/ops/repos/x: nope"), "fatal: unable to access file://<path> nope");
  });
});
