// Reviews of a change land where the change lives: a branch or pull request reviewed as a change
// lists, opens and triages its findings at its head, with its base's findings carried over. Real
// repositories, the in-process worker and the real engine.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { finished, startedRun } from "./fixtures/worker.ts";
import { testClient } from "./fixtures/client.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50", CRS_LOG_LEVEL: "silent" } });
});
after(() => t.close());

const weak = (pad = 0) => `${"# note\n".repeat(pad)}import hashlib\n\n\ndef digest(b):\n    return hashlib.md5(b).hexdigest()\n`;
const strong = "import hashlib\n\n\ndef digest(b):\n    return hashlib.sha256(b).hexdigest()\n";

interface World {
  ws: TestWorkspace;
  remote: TestRepo;
  repoId: number;
  base: string;
  path: string;
}

async function review(w: World, input: { change?: { branch: string } | { pr: number }; at?: string }) {
  const run = await finished(t, w.ws.token, (await startedRun(t, w.ws, { repository: w.repoId, ...input })).id);
  assert.equal(run.state, "complete", JSON.stringify(run.error));
  return run;
}
const get = (w: World, path: string) => t.request(`/api/v2${path}`, { token: w.ws.token });
const list = async (w: World, at: string, extra = "") => json(await get(w, `${w.path}?at=${encodeURIComponent(at)}${extra}`));
const rows = (body: any) => body.items.map((i: any) => [i.key, i.status, i.baseline, `${i.location.path}:${i.location.startLine}`]);

/** main with one weak hash (F-1) fully reviewed; topic/x adds another (F-2) and shifts the old one. */
async function world(): Promise<World & { featureHead: string; fullRun: number; changeRun: number }> {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  remote.git(["checkout", "-q", "main"]);
  const base = remote.commit({ "src/old.py": weak() }, { branch: "main", message: "old" });
  const featureHead = remote.commit({ "src/extra.py": weak(), "src/old.py": weak(2) }, { branch: "topic/x", message: "extra" });
  remote.git(["checkout", "-q", "main"]);
  const row = await readyRepository(t, ws, { remote: remote.url });
  const w = { ws, remote, repoId: row.id, base, path: `/repositories/${row.id}/-/findings` };
  const full = await review(w, {});
  const change = await review(w, { change: { branch: "topic/x" } });
  return { ...w, featureHead, fullRun: full.id, changeRun: change.id };
}

describe("a branch that adds a bug", () => {
  let w: Awaited<ReturnType<typeof world>>;
  before(async () => {
    w = await world();
  });

  test("its head lists the new finding and the base's, mapped through the diff, with both coverages named", async () => {
    const body = await list(w, "branch:topic/x");
    assert.deepEqual(rows(body), [
      ["F-2", "open", "new", "src/extra.py:5"],
      ["F-1", "open", "unchanged", "src/old.py:7"],
    ]);
    assert.equal(body.reviewCoverage.run, w.changeRun);
    assert.equal(body.reviewCoverage.sha, w.featureHead);
    assert.equal(body.reviewCoverage.commitsAhead, 0);
    assert.equal(body.reviewCoverage.change.run, w.changeRun);
    assert.equal(body.reviewCoverage.change.branch, "topic/x");
    assert.equal(body.reviewCoverage.change.base, w.base);
    assert.deepEqual([body.reviewCoverage.base.run, body.reviewCoverage.base.sha], [w.fullRun, w.base]);
  });

  test("new=true lists only what the change introduced; 400 naming new where no change review covers", async () => {
    assert.deepEqual(rows(await list(w, "branch:topic/x", "&new=true")), [["F-2", "open", "new", "src/extra.py:5"]]);
    const err = await expectError(await get(w, `${w.path}?new=true`), 400, "invalid_request");
    assert.equal(err.error.details.issues[0].path, "new");
  });

  test("the default branch is unaffected: F-1 only, no baseline", async () => {
    const body = await list(w, "default");
    assert.deepEqual(rows(body), [["F-1", "open", null, "src/old.py:5"]]);
    assert.equal(body.reviewCoverage.change, null);
  });

  test("GET /findings/F-2 opens with and without at; without at, position.at says where it was last reported", async () => {
    const bare = await json(await get(w, "/findings/F-2"));
    assert.match(bare.position.at, new RegExp(`^branch:topic/x@${w.featureHead}$`));
    assert.equal(bare.status, "open");
    const at = await json(await get(w, "/findings/F-2?at=branch:topic/x"));
    assert.equal(at.status, "open");
    assert.deepEqual(bare.introducedIn, { run: w.changeRun, change: { kind: "branch", pr: null, branch: "topic/x" }, sha: w.featureHead });
    await expectError(await get(w, "/findings/F-2?at=default"), 404, "not_found");
    assert.equal((await json(await get(w, "/findings/F-1"))).introducedIn, null);
    assert.match((await json(await get(w, "/findings/F-1"))).position.at, /^branch:main@/);
  });

  test("a finding names its CWE and their definitions, and where it is at the position read", async () => {
    const f = await json(await get(w, "/findings/F-2"));
    assert.ok(f.cwe.length > 0);
    assert.deepEqual(
      f.references,
      f.cwe.map((n: number) => `https://cwe.mitre.org/data/definitions/${n}.html`),
    );
    assert.deepEqual(f.location, { path: "src/extra.py", startLine: 5, endLine: 5 });
    assert.deepEqual((await json(await get(w, "/findings/F-1?at=branch:topic/x"))).location, { path: "src/old.py", startLine: 7, endLine: 7 });
  });

  test("crs findings view opens a key only a change review reported, with its location, position and CWE", async () => {
    const r = await testClient(t.url, w.ws.token).run(["findings", "view", "F-2"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^location\tsrc\/extra\.py:5/m);
    assert.match(r.out, new RegExp(`^at\tbranch:topic/x@${w.featureHead}$`, "m"));
    assert.match(r.out, /^cwe\tCWE-\d+/m);
    assert.match(r.out, /^references\thttps:\/\/cwe\.mitre\.org\/data\/definitions\/\d+\.html/m);
  });
});

describe("pushes, fixes and triage on changes", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let fixRun: any;
  before(async () => {
    w = await world();
    w.remote.git(["checkout", "-q", "main"]);
    w.remote.commit({ "src/old.py": strong }, { branch: "fix/old", message: "fix old" });
    w.remote.git(["checkout", "-q", "main"]);
    await syncAndWait(t.app, w.repoId);
    fixRun = await review(w, { change: { branch: "fix/old" } });
  });

  test("a branch that fixes a bug of its base reads it fixed at its head; the sibling branch is unaffected", async () => {
    assert.deepEqual(rows(await list(w, "branch:fix/old")), [["F-1", "fixed", "unchanged", "src/old.py:5"]]);
    assert.deepEqual(
      rows(await list(w, "branch:topic/x")).map((r: any) => r[0]),
      ["F-2", "F-1"],
    );
    assert.equal((await json(await get(w, "/findings/F-1?at=branch:fix/old"))).status, "fixed");
    assert.equal((await json(await get(w, "/findings/F-1"))).status, "open", "the default head still has it");
    assert.deepEqual((await json(await get(w, `/runs/${fixRun.id}/findings`))).items, []);
  });

  test("run findings items carry a webUrl; every key a run reports opens without at", async () => {
    const items = (await json(await get(w, `/runs/${w.changeRun}/findings`))).items;
    assert.deepEqual(
      items.map((i: any) => i.key),
      ["F-2"],
    );
    assert.equal(items[0].webUrl, `${t.app.config.baseUrl}/app/findings/F-2`);
    for (const run of [w.fullRun, w.changeRun]) {
      for (const item of (await json(await get(w, `/runs/${run}/findings`))).items) {
        assert.equal((await get(w, `/findings/${item.key}`)).status, 200, item.key);
      }
    }
  });

  test("triage at the change's head records a per-commit status there; PATCH without at lands where it was last reported", async () => {
    const patch = (path: string, body: unknown) => t.request(`/api/v2${path}`, { method: "PATCH", token: w.ws.token, json: body });
    const at = `branch:topic/x@${w.featureHead}`;
    let res = await patch(`/findings/F-2?at=${encodeURIComponent(at)}`, { status: "false-positive", reason: "test data" });
    assert.equal(res.status, 200);
    const rec = await t.app.store.db.selectFrom("finding_statuses").select(["sha", "status"]).where("workspace_id", "=", w.ws.id).execute();
    assert.deepEqual(
      rec.map((r) => [r.sha, r.status]),
      [[w.featureHead, "false-positive"]],
    );
    assert.equal((await json(await get(w, "/findings/F-2"))).status, "false-positive");
    res = await patch("/findings/F-2", { status: "open", reason: "not test data after all" });
    const body = await json(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.findings[0].status, "open");
    assert.equal((await json(await get(w, "/findings/F-2?at=branch:topic/x"))).status, "open");
  });

  test("a second push that fixes the added bug reads it fixed at the new head; the older head keeps it open", async () => {
    w.remote.commit({ "src/extra.py": strong }, { branch: "topic/x", message: "fix extra" });
    w.remote.git(["checkout", "-q", "main"]);
    await syncAndWait(t.app, w.repoId);
    const second = await review(w, { change: { branch: "topic/x" } });
    const body = await list(w, "branch:topic/x");
    assert.equal(body.reviewCoverage.run, second.id);
    assert.deepEqual(rows(body), [
      ["F-2", "fixed", "new", "src/extra.py:5"],
      ["F-1", "open", "unchanged", "src/old.py:7"],
    ]);
    assert.deepEqual(
      rows(await list(w, "branch:topic/x", "&new=true")).map((r: any) => r[0]),
      ["F-2"],
    );
    assert.equal((await json(await get(w, `/findings/F-2?at=branch:topic/x@${w.featureHead}`))).status, "open");
  });

  test("a pull request's head is covered by the change review of its branch head", async () => {
    const head = w.remote.git(["rev-parse", "topic/x"]);
    w.remote.git(["update-ref", "refs/pull/9/head", head]);
    await syncAndWait(t.app, w.repoId);
    const body = await list(w, "pr:9");
    assert.equal(body.reviewCoverage.sha, head);
    assert.deepEqual(
      rows(body).map((r: any) => r[0]),
      ["F-2", "F-1"],
    );
  });
});

describe("merging back keeps keys, history, comments and statuses", () => {
  const merges: Record<string, (r: TestRepo) => void> = {
    "a merge commit": (r) => r.git(["merge", "-q", "--no-ff", "-m", "merge topic/x", "topic/x"]),
    "a squash": (r) => {
      r.git(["merge", "-q", "--squash", "topic/x"]);
      r.git(["commit", "-q", "-m", "squash topic/x"]);
    },
    "a rebase": (r) => {
      r.git(["checkout", "-q", "-b", "rebased", "topic/x"]);
      r.git(["rebase", "-q", "main"]);
      r.git(["checkout", "-q", "main"]);
      r.git(["merge", "-q", "--ff-only", "rebased"]);
    },
  };
  for (const [how, merge] of Object.entries(merges)) {
    test(`after ${how} and a full review of main, F-2 is the same finding, false-positive as marked at the change's head`, async () => {
      const w = await world();
      const token = w.ws.token;
      assert.equal((await t.request("/api/v2/findings/F-2/comments", { method: "POST", token, json: { body: "seen in review" } })).status, 201);
      const at = encodeURIComponent(`branch:topic/x@${w.featureHead}`);
      assert.equal(
        (await t.request(`/api/v2/findings/F-2?at=${at}`, { method: "PATCH", token, json: { status: "false-positive", reason: "fixture" } })).status,
        200,
      );
      w.remote.commit({ "docs/notes.md": "notes\n" }, { branch: "main", message: "docs" });
      merge(w.remote);
      await syncAndWait(t.app, w.repoId);
      const full = await review(w, {});
      assert.equal(full.findings.new, 0, "no new key");
      const body = await list(w, "default");
      assert.deepEqual(rows(body), [
        ["F-2", "false-positive", null, "src/extra.py:5"],
        ["F-1", "open", null, "src/old.py:7"],
      ]);
      const f = await json(await get(w, "/findings/F-2"));
      assert.match(f.position.at, /^branch:main@/);
      assert.deepEqual(
        f.comments.map((c: any) => c.body),
        ["seen in review"],
      );
      assert.deepEqual(f.runs, [w.changeRun, full.id]);
      assert.deepEqual(f.introducedIn?.run, w.changeRun);
    });
  }

  test("a full review whose cross-file context differs from the change review's continues the change's finding", async () => {
    const w = await world();
    const report = await t.app.store.db
      .selectFrom("finding_reports")
      .select(["detail_json", "finding_id"])
      .where("run_id", "=", w.changeRun)
      .executeTakeFirstOrThrow();
    const d = JSON.parse(report.detail_json);
    const { importAt } = await import("./fixtures/findings.ts");
    const { engineFinding } = await import("./fixtures/findings.ts");
    const repo = await t.app.store.db.selectFrom("repositories").selectAll().where("id", "=", w.repoId).executeTakeFirstOrThrow();
    const moved = { ...d.location, startLine: d.location.startLine + 3, endLine: d.location.endLine + 3 };
    const other = engineFinding({ ruleId: d.ruleId, path: d.location.path, location: moved, fingerprint: "f".repeat(32) });
    const unrelated = engineFinding({ ruleId: d.ruleId, path: d.location.path, location: { ...moved, snippet: "hashlib.md5(other)" } });
    await importAt(t, w.ws, repo, w.featureHead, [other, unrelated]);
    const rows = await t.app.store.db.selectFrom("findings").select(["number", "fingerprint"]).where("workspace_id", "=", w.ws.id).orderBy("number").execute();
    assert.deepEqual(
      rows.map((r) => r.number),
      [1, 2, 3],
      "the unrelated one is new, the continued one is not",
    );
    assert.equal(rows[1]!.fingerprint, "f".repeat(32));
  });
});
