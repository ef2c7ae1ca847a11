import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AppError } from "../../kernel/errors.ts";
import { classifyGitFailure, remoteFailureError } from "./failures.ts";
import { fullNameFromRemote, parseRemote, redactRemote, webUrlFromRemote } from "./remote.ts";

describe("parseRemote", () => {
  test("accepts https, ssh, git, file, scp-like and absolute path remotes", () => {
    const kinds = ["https://github.com/a/b.git", "ssh://git@host:22/a/b", "git://host/a/b", "file:///srv/a/b", "git@github.com:a/b.git", "/srv/git/a/b"].map(
      (r) => parseRemote(r).kind,
    );
    assert.deepEqual(kinds, ["https", "ssh", "git", "file", "scp", "path"]);
  });

  for (const bad of [
    "",
    "-uexploit",
    "ext::sh -c id",
    "fd::17",
    "transport::foo",
    "ftp://host/a/b",
    "relative/dir",
    "https://host/a\nb",
    "ssh://-oProxyCommand=id/a/b",
    "-host:a/b",
    "x".repeat(2049),
    // Option-like after percent-decoding (git decodes before using them), and option-like paths.
    "ssh://%2DoProxyCommand=id/a/b",
    "ssh://%252DoProxyCommand=id/a/b",
    "ssh://%2Duser@host/a/b",
    "git://%2Dhost/a/b",
    "host:--upload-pack=touch /tmp/x",
    "host:%2D%2Dupload-pack=x",
    "user@host:-x/y",
    "-user@host:a/b",
    "%2Dhost:a/b",
    "ssh://host/--upload-pack=x",
    "https://host/a%0Ab",
    "ssh://host%0A/a/b",
  ]) {
    test(`refuses ${JSON.stringify(bad.slice(0, 30))} with invalid_request on "remote"`, () => {
      assert.throws(
        () => parseRemote(bad),
        (e: AppError) => e.code === "invalid_request" && (e.details!.issues as Array<{ path: string }>)[0]!.path === "remote",
      );
    });
  }
});

describe("names derived from a remote", () => {
  test("the full name is the last two path segments without .git", () => {
    assert.equal(fullNameFromRemote("https://github.com/acme/widgets.git"), "acme/widgets");
    assert.equal(fullNameFromRemote("git@gitlab.com:group/sub/proj.git/"), "sub/proj");
    assert.equal(fullNameFromRemote("/srv/git/acme/widgets"), "acme/widgets");
    assert.equal(fullNameFromRemote("file:///widgets"), null);
  });

  test("web URLs and redacted remotes never carry credentials", () => {
    assert.equal(webUrlFromRemote("https://user:tok@github.com/acme/widgets.git"), "https://github.com/acme/widgets");
    assert.equal(webUrlFromRemote("git@github.com:acme/widgets.git"), "https://github.com/acme/widgets");
    assert.equal(webUrlFromRemote("/srv/acme/widgets"), null);
    assert.equal(webUrlFromRemote("https://git.example.com:8443/acme/widgets.git"), "https://git.example.com:8443/acme/widgets");
    assert.equal(webUrlFromRemote("http://git.local:3000/acme/widgets"), "http://git.local:3000/acme/widgets");
    assert.equal(webUrlFromRemote("https://git.example.com:443/acme/widgets"), "https://git.example.com/acme/widgets");
    assert.equal(webUrlFromRemote("ssh://git@git.example.com:2222/acme/widgets.git"), "https://git.example.com/acme/widgets");
    assert.equal(redactRemote("https://user:tok@github.com/acme/widgets.git"), "https://github.com/acme/widgets.git");
  });
});

describe("remote failures", () => {
  const cases: Array<[string, string, string, number]> = [
    ["fatal: repository 'https://h/a/b/' not found", "remote_not_found", "repository_not_runnable", 409],
    ["fatal: could not read Username for 'https://h': terminal prompts disabled", "access_denied", "repository_not_runnable", 409],
    ["git@h: Permission denied (publickey).\nfatal: Could not read from remote repository.", "access_denied", "repository_not_runnable", 409],
    ["fatal: unable to access 'https://h/': Could not resolve host: h", "remote_unreachable", "repository_access_unavailable", 503],
    ["fatal: protocol error: bad pack header", "remote_error", "upstream_error", 502],
  ];
  for (const [stderr, reason, code, status] of cases) {
    test(`${status} ${code} (${reason}) for: ${stderr.split("\n")[0]!.slice(0, 50)}`, () => {
      const r = classifyGitFailure({ stderr, timedOut: false });
      assert.equal(r, reason);
      const e = remoteFailureError(r);
      assert.deepEqual([e.code, e.status, e.details], [code, status, { reason }]);
    });
  }

  test("a timeout is repository_access_unavailable with reason timeout", () => {
    const e = remoteFailureError(classifyGitFailure({ stderr: "", timedOut: true }));
    assert.deepEqual([e.code, e.details], ["repository_access_unavailable", { reason: "timeout" }]);
  });
});
