import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { branchTip, headBranch } from "./branch-tip.ts";
import { runGit } from "./git.ts";
import { Mirror } from "./mirror.ts";
import { makeRepo, type TestRepo } from "./testing/make-repo.ts";

describe("a branch's commit read from the ref files", () => {
  let repo: TestRepo;
  let root: string;
  let mirror: Mirror;
  const git = async (args: string[]) => (await runGit(args, { gitDir: mirror.dir })).stdout.toString().trim();
  before(async () => {
    repo = makeRepo();
    root = mkdtempSync(join(tmpdir(), "crs-branch-tip-"));
    mirror = new Mirror(root, 1);
    await mirror.sync(repo.url, { timeoutMs: 30_000 });
  });
  after(() => {
    repo.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  test("packed and loose refs give the commit git names; a loose ref wins over its packed line", async () => {
    assert.equal(headBranch(mirror.dir), "main");
    for (const name of ["main", "feature", "release/1.x", "fix@home"])
      assert.equal(branchTip(mirror.dir, name), await git(["rev-parse", `refs/heads/${name}`]), name);
    await git(["pack-refs", "--all"]);
    assert.equal(branchTip(mirror.dir, "main"), repo.shas.merge);
    await git(["update-ref", "refs/heads/main", repo.shas.initial]);
    assert.equal(branchTip(mirror.dir, "main"), repo.shas.initial, "the loose ref written after packing");
    await git(["update-ref", "refs/heads/main", repo.shas.merge]);
  });

  test("nothing plain to read is null: an unknown branch, a name leaving refs/heads, a symbolic ref, a reftable store", async () => {
    assert.equal(branchTip(mirror.dir, "nope"), null);
    assert.equal(branchTip(mirror.dir, "../../HEAD"), null);
    assert.equal(branchTip(mirror.dir, "/main"), null);
    await git(["symbolic-ref", "refs/heads/alias", "refs/heads/main"]);
    assert.equal(branchTip(mirror.dir, "alias"), null);
    writeFileSync(join(mirror.dir, "reftable"), "");
    assert.equal(branchTip(mirror.dir, "main"), null);
    rmSync(join(mirror.dir, "reftable"));
  });

  test("Mirror.defaultHead answers from the files until the refs are listed, then leaves it to the listing", async () => {
    const fresh = new Mirror(root, 1);
    assert.deepEqual(fresh.defaultHead(null), { branch: "main", ref: "refs/heads/main", sha: repo.shas.merge });
    assert.deepEqual(fresh.defaultHead("feature")?.sha, await git(["rev-parse", "refs/heads/feature"]));
    assert.equal(fresh.defaultHead("gone"), null);
    await fresh.listRefs();
    assert.equal(fresh.defaultHead(null), null);
  });
});
