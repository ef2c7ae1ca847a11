import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Mirror } from "../../../platform/codehost/mirror.ts";
import { generateRepo } from "../../../platform/codehost/testing/generate.ts";
import { makeRepo } from "../../../platform/codehost/testing/make-repo.ts";
import type { TestRepo } from "../../../platform/codehost/testing/make-repo.ts";
import type { AppError } from "../../../kernel/errors.ts";
import { parseAt } from "./parse.ts";
import { resolvePosition } from "./resolve.ts";

let repo: TestRepo;
let root: string;
let m: Mirror;

before(async () => {
  repo = makeRepo();
  root = mkdtempSync(join(tmpdir(), "crs-positions-"));
  m = new Mirror(root, 1);
  await m.sync(repo.url, { timeoutMs: 30_000 });
});
after(() => {
  m.close();
  repo.cleanup();
  rmSync(root, { recursive: true, force: true });
});

const resolve = (at: string, defaultBranch: string | null = null) => resolvePosition(m, parseAt(at), defaultBranch);

function unavailable(reason: string) {
  return (e: AppError) => {
    assert.equal(e.code, "position_unavailable");
    assert.equal(e.status, 409);
    assert.equal(e.details?.reason, reason);
    return true;
  };
}

describe("resolvePosition", () => {
  test("default resolves to the remote's default branch head, pinned", async () => {
    assert.deepEqual(await resolve("default"), { at: `branch:main@${repo.shas.merge}`, kind: "branch", ref: "refs/heads/main", sha: repo.shas.merge });
  });

  test("default follows a configured default branch over the remote's", async () => {
    const p = await resolve("default", "feature");
    assert.deepEqual([p.ref, p.sha], ["refs/heads/feature", repo.shas.featureHead]);
  });

  test("branch, pr (GitHub and GitLab refs) and commit positions resolve to one commit", async () => {
    assert.equal((await resolve("branch:fix@home")).sha, repo.shas.initial);
    assert.deepEqual(await resolve("pr:2"), { at: `pr:2@${repo.shas.pr2}`, kind: "pr", ref: "refs/pull/2/head", sha: repo.shas.pr2 });
    assert.equal((await resolve("pr:3")).ref, "refs/merge-requests/3/head");
    assert.deepEqual(await resolve(`commit:${repo.shas.feature1.slice(0, 7)}`), {
      at: `commit:${repo.shas.feature1}`,
      kind: "commit",
      ref: null,
      sha: repo.shas.feature1,
    });
  });

  test("a pinned sha on the ref's history resolves to that sha", async () => {
    const p = await resolve(`branch:main@${repo.shas.feature1.slice(0, 10)}`);
    assert.deepEqual([p.at, p.sha], [`branch:main@${repo.shas.feature1}`, repo.shas.feature1]);
    assert.equal((await resolve(`pr:2@${repo.shas.initial}`)).sha, repo.shas.initial);
  });

  test("409 not_on_ref for a pinned sha off the ref's history", async () => {
    await assert.rejects(resolve(`branch:main@${repo.shas.pr2}`), unavailable("not_on_ref"));
    await assert.rejects(resolve(`pr:1@${repo.shas.mainBeforeMerge}`), unavailable("not_on_ref"));
  });

  test("409 unknown_branch, unknown_pr and unknown_commit for names the mirror lacks", async () => {
    await assert.rejects(resolve("branch:nope"), unavailable("unknown_branch"));
    await assert.rejects(resolve("default", "gone"), unavailable("unknown_branch"));
    await assert.rejects(resolve("pr:99"), unavailable("unknown_pr"));
    await assert.rejects(resolve("commit:0123456789abcdef"), unavailable("unknown_commit"));
    await assert.rejects(resolve("branch:main@0123456789abcdef"), unavailable("unknown_commit"));
  });

  test("409 unknown_commit for a sha that names a blob, not a commit", async () => {
    const blob = repo.git(["rev-parse", `${repo.shas.initial}:README.md`]);
    await assert.rejects(resolve(`commit:${blob}`), unavailable("unknown_commit"));
  });

  test("409 mirror_unavailable before the first sync", async () => {
    const fresh = new Mirror(root, 2);
    await assert.rejects(resolvePosition(fresh, parseAt("default"), "main"), unavailable("mirror_unavailable"));
  });

  test("a new head is seen after a sync", async () => {
    const sha = repo.commit({ "later.txt": "x\n" }, { branch: "main", message: "later" });
    assert.equal((await resolve("branch:main")).sha, repo.shas.merge);
    await m.sync(repo.url, { timeoutMs: 30_000 });
    assert.equal((await resolve("branch:main")).sha, sha);
  });
});

describe("abbreviated shas", () => {
  test("409 ambiguous_commit when an abbreviation names several commits", async () => {
    const dir = mkdtempSync(join(tmpdir(), "crs-ambiguous-"));
    const mirror = new Mirror(join(dir, "mirrors"), 1);
    try {
      await generateRepo(join(dir, "remote"), { files: 3, commits: 1200, branches: 1, pulls: 0, tags: 0 });
      await mirror.sync(join(dir, "remote"), { timeoutMs: 60_000 });
      const shas = execFileSync("git", ["--git-dir", mirror.dir, "rev-list", "--all"]).toString().trim().split("\n");
      const seen = new Map<string, string>();
      const prefix = shas.map((s) => s.slice(0, 4)).find((p) => (seen.has(p) ? true : (seen.set(p, p), false)))!;
      assert.ok(prefix, "1200 commits share a 4-digit prefix");
      await assert.rejects(resolvePosition(mirror, parseAt(`commit:${prefix}`), null), unavailable("ambiguous_commit"));
    } finally {
      mirror.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
