// npm run bench:git — figures for the git layer on a generated repository with 5,000 branches,
// 2,000 PR refs, 1,000 tags and a 100,000-file tree (cached under the OS temp dir between runs):
//   listRefs p50/p95 (goal < 150 ms), warm `at` resolution p50 (goal < 5 ms), and reading every
//   file of the tree through readFiles as a ratio of `git archive | cat > /dev/null` (goal >= 0.6).
import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CatFile } from "../src/platform/codehost/cat-file.ts";
import { Mirror } from "../src/platform/codehost/mirror.ts";
import { readRefs } from "../src/platform/codehost/refs.ts";
import { generateRepo } from "../src/platform/codehost/testing/generate.ts";
import { parseAt } from "../src/capabilities/repositories/positions/parse.ts";
import { resolvePosition } from "../src/capabilities/repositories/positions/resolve.ts";

const shape = { files: 100_000, commits: 300, branches: 5_000, pulls: 2_000, tags: 1_000 };
const cache = join(tmpdir(), `crs-bench-git-${Object.values(shape).join("-")}`);
const remote = join(cache, "remote.git");
const mirrors = join(cache, "mirrors");

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (x: number) => x.toFixed(x < 10 ? 2 : 0);

async function main(): Promise<void> {
  if (!existsSync(join(cache, "complete"))) {
    rmSync(cache, { recursive: true, force: true });
    const t0 = process.hrtime.bigint();
    await generateRepo(remote, shape);
    writeFileSync(join(cache, "complete"), "");
    console.log(`generated ${shape.files} files, ${shape.branches} branches, ${shape.pulls} PR refs, ${shape.tags} tags in ${fmt(ms(t0))} ms (${cache})`);
  }
  const mirror = new Mirror(mirrors, 1);
  const first = !mirror.exists();
  let t0 = process.hrtime.bigint();
  await mirror.sync(`file://${remote}`, { timeoutMs: 600_000 });
  console.log(`sync (${first ? "first clone" : "incremental"}): ${fmt(ms(t0))} ms`);

  const cat = new CatFile(mirror.dir);
  const peel = async (oids: string[]) => (await cat.info(oids.map((o) => `${o}^{commit}`))).map((r) => ("oid" in r ? r.oid : null));
  // listRefs uncached: what every request after a sync pays (one for-each-ref + parse + index).
  const cold: number[] = [];
  for (let i = 0; i < 30; i++) {
    t0 = process.hrtime.bigint();
    await readRefs(mirror.dir, null, peel);
    cold.push(ms(t0));
  }
  cat.close();
  const refs = await mirror.listRefs();
  const warm: number[] = [];
  for (let i = 0; i < 200; i++) {
    t0 = process.hrtime.bigint();
    await mirror.listRefs();
    warm.push(ms(t0));
  }
  console.log(`refs: ${refs.branches.length} branches, ${refs.pullRequests.length} PRs, ${refs.tags.length} tags`);
  console.log(`listRefs uncached p50 ${fmt(pct(cold, 50))} ms, p95 ${fmt(pct(cold, 95))} ms (goal < 150 ms); cached p50 ${fmt(pct(warm, 50))} ms`);

  const head = refs.branch("main")!.sha;
  const pr = refs.pullRequests[100]!;
  const older = refs.branch("branch-00007")!.sha;
  const positions = [
    "default",
    "branch:branch-01234",
    `branch:main@${older.slice(0, 10)}`,
    `pr:${pr.number}`,
    `pr:${pr.number}@${pr.sha.slice(0, 12)}`,
    `commit:${older.slice(0, 8)}`,
    `commit:${head}`,
  ];
  for (const at of positions) await resolvePosition(mirror, parseAt(at), null);
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const at = positions[i % positions.length]!;
    t0 = process.hrtime.bigint();
    await resolvePosition(mirror, parseAt(at), null);
    times.push(ms(t0));
  }
  console.log(`at resolution warm p50 ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms over ${positions.length} position forms (goal p50 < 5 ms)`);

  const bytes = (await mirror.listTree(head)).reduce((n, e) => n + (e.kind === "symlink" ? 0 : e.size), 0);
  let bestArchive = Infinity;
  let bestTuned = Infinity;
  let bestRead = Infinity;
  let files = 0;
  for (let round = 0; round < 3; round++) {
    t0 = process.hrtime.bigint();
    await archive(mirror.dir, head);
    bestArchive = Math.min(bestArchive, ms(t0));
    t0 = process.hrtime.bigint();
    await archive(mirror.dir, head, "256m");
    bestTuned = Math.min(bestTuned, ms(t0));
    // A fresh Mirror: no cached tree, a new cat-file process — the cost a review run pays.
    const reader = new Mirror(mirrors, 1);
    t0 = process.hrtime.bigint();
    files = 0;
    for await (const f of reader.readFiles(head)) if (f.content) files++;
    bestRead = Math.min(bestRead, ms(t0));
    reader.close();
  }
  const mb = bytes / 1024 / 1024;
  console.log(`tree: ${files} files, ${fmt(mb)} MiB`);
  console.log(`git archive | cat > /dev/null: ${fmt(bestArchive)} ms (${fmt(mb / (bestArchive / 1000))} MiB/s), best of 3`);
  console.log(
    `git -c core.deltaBaseCacheLimit=256m archive | cat > /dev/null (readFiles' setting): ${fmt(bestTuned)} ms (${fmt(mb / (bestTuned / 1000))} ` + `MiB/s)`,
  );
  console.log(`readFiles (tree listing included): ${fmt(bestRead)} ms (${fmt(mb / (bestRead / 1000))} MiB/s), best of 3`);
  console.log(`readFiles / git archive throughput: ${(bestArchive / bestRead).toFixed(2)} (goal >= 0.6)`);
  console.log(`readFiles / git archive with the same cache setting: ${(bestTuned / bestRead).toFixed(2)}`);
  mirror.close();
}

function archive(gitDir: string, sha: string, deltaCache = ""): Promise<void> {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error("bad sha");
  const config = deltaCache ? `-c core.deltaBaseCacheLimit=${deltaCache}` : "";
  return new Promise((resolve, reject) => {
    const p = spawn("bash", ["-c", `git ${config} --git-dir "$1" archive "$2" | cat > /dev/null`, "bash", gitDir, sha], { stdio: "inherit" });
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git archive exited ${code}`))));
  });
}

await main();
