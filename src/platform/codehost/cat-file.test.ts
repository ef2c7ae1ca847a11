import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CatFile } from "./cat-file.ts";
import { Mirror } from "./mirror.ts";
import { generateRepo, generatedPath } from "./testing/generate.ts";

let dir: string;
let gitDir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "crs-catfile-"));
  gitDir = join(dir, "r.git");
  await generateRepo(gitDir, { files: 4500, commits: 3, branches: 1, pulls: 0, tags: 0 });
});
after(() => rmSync(dir, { recursive: true, force: true }));

function hashObject(content: Buffer): string {
  return execFileSync("git", ["--git-dir", gitDir, "hash-object", "-w", "--stdin"], { input: content }).toString().trim();
}

describe("CatFile", () => {
  test("a blob above the cap is streamed past, not returned, and the next answers stay aligned", async () => {
    const big = hashObject(Buffer.alloc(24 * 1024 * 1024, 0x61));
    const small = hashObject(Buffer.from("small\n"));
    const cat = new CatFile(gitDir);
    try {
      const got = await cat.contents([small, big, small], 1024 * 1024);
      assert.equal("content" in got[0]! && got[0].content?.toString(), "small\n");
      assert.ok("content" in got[1]! && got[1].content === null && got[1].size === 24 * 1024 * 1024);
      assert.equal("content" in got[2]! && got[2].content?.toString(), "small\n");
    } finally {
      cat.close();
    }
  });

  test("empty blobs, missing objects and ambiguous-free info answers come back in request order", async () => {
    const empty = hashObject(Buffer.alloc(0));
    const cat = new CatFile(gitDir);
    try {
      const got = await cat.contents([empty, "0".repeat(40), empty], 10);
      assert.deepEqual(
        got.map((g) => ("content" in g ? g.content?.length : "missing" in g ? "missing" : "ambiguous")),
        [0, "missing", 0],
      );
      const [info] = await cat.info([empty]);
      assert.deepEqual(info, { oid: empty, type: "blob", size: 0 });
    } finally {
      cat.close();
    }
  });

  test("names that are not hex never reach git", async () => {
    const cat = new CatFile(gitDir);
    await assert.rejects(cat.info(["HEAD\ncontents HEAD"]));
    await assert.rejects(cat.contents(["--help"], 10));
    const sha = "a".repeat(40);
    for (const name of [`${sha}:a b`, `${sha}:a\ncontents HEAD`, `${sha}:/abs`, `HEAD:.crs.yml`]) await assert.rejects(cat.info([name]), name);
    cat.close();
  });

  test("a commit and a fixed path name a file at that commit; an absent one is missing", async () => {
    const cat = new CatFile(gitDir);
    const head = execFileSync("git", ["--git-dir", gitDir, "rev-parse", "HEAD"]).toString().trim();
    const path = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "--name-only", "HEAD"]).toString().split("\n")[0]!;
    const [found] = await cat.info([`${head}:${path}`]);
    assert.ok(found && "oid" in found && found.type === "blob");
    assert.deepEqual(await cat.info([`${head}:.crs.yml`]), [{ missing: true }]);
    cat.close();
  });

  test("an idle process exits and the next request starts a new one", async () => {
    const cat = new CatFile(gitDir, { idleMs: 1 });
    const oid = hashObject(Buffer.from("idle\n"));
    await cat.info([oid]);
    while (cat.pid !== undefined) await new Promise((r) => setTimeout(r, 5));
    const [again] = await cat.info([oid]);
    assert.equal("oid" in again! && again.oid, oid);
    cat.close();
  });

  test("a closed reader rejects waiting and new requests", async () => {
    const cat = new CatFile(gitDir);
    const pending = cat.contents([hashObject(Buffer.from("x"))], 10);
    cat.close();
    await assert.rejects(pending);
    await assert.rejects(cat.info(["abcd"]));
  });
});

describe("readFiles over many windows", () => {
  test("every one of 4,500 files comes back once, in tree order, with its own content", async () => {
    const m = new Mirror(join(dir, "mirrors"), 1);
    try {
      await m.sync(gitDir, { timeoutMs: 60_000 });
      const head = (await m.listRefs()).branch("main")!.sha;
      const tree = await m.listTree(head);
      let n = 0;
      for await (const f of m.readFiles(head)) {
        assert.equal(f.path, tree[n]!.path);
        const i = Number(/file(\d+)\.js$/.exec(f.path)![1]);
        assert.equal(f.path, generatedPath(i));
        assert.match(f.content!.toString(), new RegExp(`^// file ${i} revision \\d+\\n`));
        n++;
      }
      assert.equal(n, 4500);
    } finally {
      m.close();
    }
  });
});
