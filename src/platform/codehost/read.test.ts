import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { Mirror } from "./mirror.ts";
import type { FileRead } from "./read-files.ts";
import { binaryContent, makeRepo, nonUtf8Name } from "./testing/make-repo.ts";
import type { TestRepo } from "./testing/make-repo.ts";

let repo: TestRepo;
let root: string;
let m: Mirror;
let binaryChange: string;
let orphan: string;

before(async () => {
  repo = makeRepo();
  binaryChange = repo.commit({ "assets/logo.png": Buffer.concat([binaryContent, Buffer.from([0, 7])]) }, { branch: "bin", message: "binary" });
  const tree = repo.git(["rev-parse", `${repo.shas.initial}^{tree}`]);
  orphan = repo.git(["commit-tree", tree, "-m", "orphan"]);
  repo.git(["update-ref", "refs/heads/orphan", orphan]);
  repo.git(["checkout", "-q", "main"]);
  root = mkdtempSync(join(tmpdir(), "crs-mirrors-"));
  m = new Mirror(root, 1);
  await m.sync(repo.url, { timeoutMs: 30_000 });
});
after(() => {
  m.close();
  repo.cleanup();
  rmSync(root, { recursive: true, force: true });
});

async function collect(it: AsyncIterable<FileRead>): Promise<FileRead[]> {
  const out: FileRead[] = [];
  for await (const f of it) out.push(f);
  return out;
}

describe("listTree", () => {
  test("lists files with size and mode, leaving out the submodule and the symlink that points outside", async () => {
    const entries = await m.listTree(repo.shas.initial);
    const paths = entries.map((e) => e.path);
    assert.ok(paths.includes("src/app.py"));
    assert.ok(paths.includes("link-inside"));
    assert.ok(!paths.includes("link-outside"));
    assert.ok(!paths.some((p) => p.startsWith("vendor")));
    const logo = entries.find((e) => e.path === "assets/logo.png")!;
    assert.deepEqual([logo.size, logo.mode, logo.kind], [binaryContent.length, "100644", "file"]);
    assert.equal(entries.find((e) => e.path === "link-inside")?.kind, "symlink");
  });

  test("a non-UTF-8 file name keeps its exact bytes and is flagged utf8 false", async () => {
    const entry = (await m.listTree(repo.shas.initial)).find((e) => e.pathBytes.equals(nonUtf8Name));
    assert.ok(entry);
    assert.equal(entry.utf8, false);
    assert.equal(entry.path, "caf\uFFFD.txt");
  });
});

describe("readFiles", () => {
  test("reads every regular file at a commit byte for byte, binary included", async () => {
    const files = await collect(m.readFiles(repo.shas.initial));
    const byPath = new Map(files.map((f) => [f.pathBytes.toString("latin1"), f]));
    assert.deepEqual(byPath.get("assets/logo.png")?.content, binaryContent);
    assert.equal(byPath.get(nonUtf8Name.toString("latin1"))?.content?.toString(), "bonjour\n");
    assert.match(byPath.get("src/app.py")!.content!.toString(), /def main/);
    assert.ok(!byPath.has("link-inside"));
    assert.ok(files.every((f) => f.skipped === null));
  });

  test("named paths come back in order; unknown paths are skipped missing, symlinks not_a_file, big files too_large", async () => {
    const files = await collect(m.readFiles(repo.shas.initial, ["README.md", "nope.txt", "link-inside", nonUtf8Name, "src/app.py"], { maxBytes: 40 }));
    assert.deepEqual(
      files.map((f) => f.skipped),
      [null, "missing", "not_a_file", null, "too_large"],
    );
    assert.equal(files[0]!.content!.toString(), "# widgets\n\nA test repository.\n");
    assert.equal(files[4]!.size, 71);
  });

  test("concurrent readers on one mirror each get their own files", async () => {
    const [a, b] = await Promise.all([
      collect(m.readFiles(repo.shas.initial, ["src/util.js", "README.md"])),
      collect(m.readFiles(repo.shas.merge, ["src/utils.js", "README.md"])),
    ]);
    assert.match(a[0]!.content!.toString(), /export function add/);
    assert.match(b[1]!.content!.toString(), /edited/);
    assert.doesNotMatch(a[1]!.content!.toString(), /edited/);
  });

  test("reading goes on after the cat-file process is killed", async () => {
    await collect(m.readFiles(repo.shas.initial, ["README.md"]));
    const cat = (m as unknown as { cat: { pid: number | undefined } }).cat;
    const pid = cat.pid!;
    process.kill(pid, "SIGKILL");
    while (cat.pid === pid) await new Promise((r) => setImmediate(r));
    const files = await collect(m.readFiles(repo.shas.initial, ["README.md"]));
    assert.equal(files[0]!.skipped, null);
    assert.notEqual(cat.pid, pid);
  });
});

describe("diff", () => {
  test("reports the rename with similarity and the added and removed line ranges", async () => {
    const changes = await m.diff(repo.shas.initial, repo.shas.merge);
    const byPath = new Map(changes.map((c) => [c.path, c]));
    const renamed = byPath.get("src/utils.js")!;
    assert.equal(renamed.status, "renamed");
    assert.equal(renamed.oldPath, "src/util.js");
    assert.ok(renamed.similarity! >= 50);
    assert.deepEqual(renamed.added, [{ start: 8, end: 9 }]);
    assert.deepEqual(byPath.get("README.md")!.removed, [{ start: 3, end: 3, after: 2 }]);
    assert.deepEqual(byPath.get("src/app.py")!.added, [{ start: 3, end: 3 }]);
    assert.deepEqual(byPath.get("src/app.py")!.removed, []);
  });

  test("a binary change is flagged binary with no line ranges", async () => {
    const [change] = await m.diff(repo.shas.merge, binaryChange);
    assert.deepEqual([change!.path, change!.status, change!.binary, change!.added], ["assets/logo.png", "modified", true, []]);
  });
});

describe("ancestry", () => {
  test("isAncestor and distance follow history through the merge", async () => {
    assert.equal(await m.isAncestor(repo.shas.feature1, repo.shas.merge), true);
    assert.equal(await m.isAncestor(repo.shas.pr2, repo.shas.merge), false);
    assert.equal(await m.distance(repo.shas.initial, repo.shas.merge), 4);
    assert.equal(await m.distance(repo.shas.merge, repo.shas.initial), null);
  });

  test("mergeBase finds the fork point and is null for unrelated histories", async () => {
    assert.equal(await m.mergeBase(repo.shas.pr2, repo.shas.mr3), repo.shas.initial);
    assert.equal(await m.mergeBase(orphan, repo.shas.merge), null);
  });

  test("resolveCommit expands an abbreviated sha and reports unknown ones missing", async () => {
    assert.deepEqual(await m.resolveCommit(repo.shas.merge.slice(0, 8).toUpperCase()), { status: "found", sha: repo.shas.merge });
    assert.deepEqual(await m.resolveCommit("0000000000"), { status: "missing" });
    assert.deepEqual(await m.resolveCommit("main"), { status: "missing" });
  });
});
