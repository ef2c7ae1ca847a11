// A repository's .crs.yml and crs-ignore comments in runs: read at the reviewed commit (a change:
// its head), skipped paths leave the estimate and the review, an invalid file leaves the run complete
// with a warning, and suppressed findings are imported dismissed with their reason.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { syncAndWait } from "../src/capabilities/repositories/index.ts";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { finished, startedRun } from "./fixtures/worker.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50", CRS_LOG_LEVEL: "silent" } });
});
after(() => t.close());

interface World {
  ws: TestWorkspace;
  remote: TestRepo;
  row: RepositoryRow;
}

const weak = "import hashlib\n\ndef digest(b):\n    return hashlib.md5(b).hexdigest()\n";
const shell = "import os\n\ndef run():\n    os.system(input())\n";

async function world(files: Record<string, string>): Promise<World> {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  remote.commit(files, { branch: "main", message: "code" });
  const row = await readyRepository(t, ws, { remote: remote.url });
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 100_000 });
  return { ws, remote, row };
}
const get = (w: World, path: string) => t.request(`/api/v2${path}`, { token: w.ws.token }).then(json);
const estimate = (w: World, body: unknown) => t.request("/api/v2/runs/estimate", { method: "POST", token: w.ws.token, json: body });
const runAndWait = async (w: World, input: Parameters<typeof startedRun>[2]) => {
  const run = await finished(t, w.ws.token, (await startedRun(t, w.ws, input)).id);
  assert.equal(run.state, "complete", JSON.stringify(run.error));
  return run;
};
const sync = (w: World) => syncAndWait(t.app, w.row.id);

describe(".crs.yml in runs", () => {
  test("skipped paths shrink the estimate and are not reviewed; rules off and severity overrides tune the findings", async () => {
    const w = await world({ "src/hash.py": weak, "src/shell.py": shell, "legacy/old.py": `${weak}${"x = 1\n".repeat(200)}` });
    const before = (await json(await estimate(w, { repository: w.row.id }))).targets[0];
    const plain = await runAndWait(w, { repository: w.row.id });
    assert.deepEqual((await get(w, `/runs/${plain.id}/findings`)).items.map((f: any) => f.location.path).sort(), [
      "legacy/old.py",
      "src/hash.py",
      "src/shell.py",
    ]);
    w.remote.commit({ ".crs.yml": "skip: ['legacy/**']\nrules:\n  py.weak-hash: off\nseverity:\n  'py.*': low\n" }, { branch: "main" });
    await sync(w);
    const after = (await json(await estimate(w, { repository: w.row.id }))).targets[0];
    assert.equal(after.files, before.files - 1 + 1, "legacy/old.py leaves the estimate; .crs.yml itself is a reviewable file");
    assert.ok(after.lines < before.lines - 150, `${after.lines} < ${before.lines} - 150`);
    const tuned = await runAndWait(w, { repository: w.row.id });
    const items = (await get(w, `/runs/${tuned.id}/findings`)).items;
    assert.deepEqual(
      items.map((f: any) => [f.location.path, f.ruleId, f.severity]),
      [["src/shell.py", items[0]?.ruleId, "low"]],
    );
    assert.match(items[0].ruleId, /^py\./);
    assert.equal(tuned.stages.find((s: any) => s.name === "checkout").reason, null);
  });

  test("an invalid .crs.yml leaves the run complete, says why on the checkout stage, and is ignored", async () => {
    const w = await world({ "src/hash.py": weak, ".crs.yml": "skip: ['src/**']\nrules:\n  py.weak-hash: disabled\n" });
    const run = await runAndWait(w, { repository: w.row.id });
    assert.match(run.stages.find((s: any) => s.name === "checkout").reason, /^\.crs\.yml ignored: rules\.py\.weak-hash/);
    assert.deepEqual(
      (await get(w, `/runs/${run.id}/findings`)).items.map((f: any) => [f.location.path, f.ruleId]),
      [["src/hash.py", "py.weak-hash"]],
    );
  });

  test("a change review reads the head's .crs.yml", async () => {
    const w = await world({ "src/hash.py": weak });
    w.remote.commit({ "src/more.py": weak, "src/shell.py": shell, ".crs.yml": "rules:\n  py.weak-hash: off\n" }, { branch: "work" });
    w.remote.git(["checkout", "-q", "main"]);
    await sync(w);
    const run = await runAndWait(w, { repository: w.row.id, change: { branch: "work" } });
    assert.deepEqual(
      (await get(w, `/runs/${run.id}/findings`)).items.map((f: any) => f.location.path),
      ["src/shell.py"],
    );
  });

  test("a quote binds the .crs.yml at the reviewed commit: changing only that file makes it quote_stale", async () => {
    const w = await world({ "src/hash.py": weak, ".crs.yml": "skip: []\n" });
    const { quote } = await json(await estimate(w, { repository: w.row.id }));
    w.remote.commit({ ".crs.yml": "skip: ['src/**']\n" }, { branch: "main" });
    await sync(w);
    const start = { repository: w.row.id, quote, maxPriceCents: 100_000 };
    const body = await expectError(await t.request("/api/v2/runs", { method: "POST", token: w.ws.token, json: start }), 409, "quote_stale");
    assert.equal(body.error.details.reason, "content_changed");
  });
});

describe("crs-ignore comments in runs", () => {
  const suppressed = "import hashlib\n\ndef digest(b):\n    # crs-ignore py.weak-hash: cache key, not a password\n    return hashlib.md5(b).hexdigest()\n";

  test(
    "a suppressed finding is imported dismissed with the reason crs-ignore: <text>, listed with dismissed=true, " + "shown again once the comment goes",
    async () => {
      const w = await world({ "src/hash.py": suppressed, "src/shell.py": shell });
      const run = await runAndWait(w, { repository: w.row.id });
      const items = (await get(w, `/runs/${run.id}/findings`)).items;
      const hash = items.find((f: any) => f.ruleId === "py.weak-hash");
      assert.equal(hash.dismissed, true);
      assert.deepEqual(hash.suppression, { reason: "cache key, not a password", line: 4, addedByChange: false });
      assert.equal(items.find((f: any) => f.location.path === "src/shell.py").suppression, null);
      assert.equal(run.findings.total, 2, "a suppressed finding is still counted");
      const list = `/repositories/${w.row.id}/-/findings`;
      assert.deepEqual(
        (await get(w, list)).items.map((f: any) => f.location.path),
        ["src/shell.py"],
      );
      assert.deepEqual(
        (await get(w, `${list}?dismissed=true`)).items.map((f: any) => f.key),
        [hash.key],
      );
      const detail = await get(w, `/findings/${hash.key}`);
      const dismissal = detail.activity.find((a: any) => a.kind === "dismissal");
      assert.equal(dismissal.reason, "crs-ignore: cache key, not a password");
      assert.equal(dismissal.actor, null);
      w.remote.commit({ "src/hash.py": weak }, { branch: "main" });
      await sync(w);
      await runAndWait(w, { repository: w.row.id });
      assert.equal((await get(w, `/findings/${hash.key}`)).dismissed, false);
    },
  );

  test("a change review flags a suppression the change itself adds", async () => {
    const w = await world({ "src/hash.py": weak });
    const other = "import hashlib\n# crs-ignore py.weak-hash: fixture\nhashlib.md5(b'x')\n";
    w.remote.commit({ "src/hash.py": suppressed, "src/other.py": other }, { branch: "work" });
    w.remote.git(["checkout", "-q", "main"]);
    await sync(w);
    const run = await runAndWait(w, { repository: w.row.id, change: { branch: "work" } });
    const items = (await get(w, `/runs/${run.id}/findings`)).items;
    assert.deepEqual(items.map((f: any) => [f.location.path, f.suppression?.addedByChange]).sort(), [
      ["src/hash.py", true],
      ["src/other.py", true],
    ]);
    assert.ok(items.every((f: any) => f.dismissed));
  });
});
