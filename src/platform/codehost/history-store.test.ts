import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { storedHistory, storeHistory } from "./history-store.ts";
import { Mirror } from "./mirror.ts";
import { makeRepo, type TestRepo } from "./testing/make-repo.ts";

describe("first-parent histories kept in the mirror", () => {
  let repo: TestRepo;
  let root: string;
  before(async () => {
    repo = makeRepo();
    root = mkdtempSync(join(tmpdir(), "crs-history-"));
    await new Mirror(root, 1).sync(repo.url, { timeoutMs: 30_000 });
  });
  after(() => {
    repo.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  test("a later process reads a history git gave once, without git (here with the objects gone)", async () => {
    const first = await new Mirror(root, 1).firstParents(repo.shas.merge, 10_000);
    assert.equal(first[0], repo.shas.merge);
    assert.ok(first.length > 1);
    const dir = join(root, "1.git");
    renameSync(join(dir, "objects"), join(dir, "objects.away"));
    try {
      assert.deepEqual(await new Mirror(root, 1).firstParents(repo.shas.merge, 10_000), first);
      await assert.rejects(new Mirror(root, 1).firstParents(repo.shas.merge, 1), "another length is not stored: git is asked, and fails");
    } finally {
      renameSync(join(dir, "objects.away"), join(dir, "objects"));
    }
  });

  test("a file naming another commit is a miss; only the newest 16 are kept", () => {
    const dir = join(root, "2.git");
    const sha = (i: number) => i.toString(16).padStart(40, "0");
    storeHistory(dir, sha(1), 10, [sha(1), sha(2)]);
    assert.deepEqual(storedHistory(dir, sha(1), 10), [sha(1), sha(2)]);
    writeFileSync(join(dir, "crs-history", `${sha(3)}-10`), `${sha(4)}\n`);
    assert.equal(storedHistory(dir, sha(3), 10), null);
    for (let i = 10; i < 40; i++) storeHistory(dir, sha(i), 10, [sha(i)]);
    assert.equal(readdirSync(join(dir, "crs-history")).length, 16);
    assert.deepEqual(storedHistory(dir, sha(39), 10), [sha(39)]);
  });
});
