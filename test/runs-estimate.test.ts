// POST /runs/estimate: prices from the engine's own file selection, change reviews and their
// refusals, and every body limit. Prices here: 7 cents a run plus 1 cent a line (1000 per 1000).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { archiveDocument, createDocument } from "../src/capabilities/documents/index.ts";
import { archiveFocus, putFocus } from "../src/capabilities/focuses/index.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { baseFiles, baseLines, lines, pricedRepository, pricingEnv, type PricedRepo } from "./fixtures/run-repo.ts";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { readyRepository } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
let repo: PricedRepo;
before(async () => {
  t = await startTestServer({ env: pricingEnv });
  ws = await t.workspace();
  repo = await pricedRepository(t, ws);
});
after(() => t.close());

const estimate = (body: unknown, token = ws.token) => t.request("/api/v2/runs/estimate", { method: "POST", token, json: body });

describe("POST /runs/estimate, full reviews", () => {
  test("200: the price is the base fee plus the rate per line of the files the engine reviews", async () => {
    const res = await estimate({ repository: repo.row.full_name });
    assert.equal(res.status, 200);
    const body = await json(res);
    const files = baseFiles + 2;
    const billable = baseLines + 30;
    assert.equal(body.kind, "full");
    assert.equal(body.targets.length, 1);
    assert.equal(body.targets[0].files, files, "vendored, minified, generated, binary and symlinked files are not billed");
    assert.equal(body.targets[0].lines, billable);
    assert.equal(body.targets[0].sha, repo.remote.git(["rev-parse", "main"]));
    assert.match(body.targets[0].at, /^branch:main@[0-9a-f]{40}$/);
    assert.equal(body.priceCents, 7 + billable);
    assert.equal(body.balanceCents, 0);
    assert.equal(body.change, null);
    assert.deepEqual(body.focusRevisions, []);
    assert.ok(body.quote.length > 0 && body.quote.length <= 4096);
    const expires = Date.parse(body.expiresAt) - Date.now();
    assert.ok(expires > 14 * 60_000 && expires <= 15 * 60_000, body.expiresAt);
  });

  test("scope globs limit the billable files; the same request prices the same", async () => {
    const a = await json(await estimate({ repository: repo.row.id, scope: ["src/**"] }));
    const b = await json(await estimate({ repository: String(repo.row.id), scope: ["src/**"] }));
    assert.equal(a.targets[0].files, 3);
    assert.equal(a.targets[0].lines, 7 + 9 + 10);
    assert.equal(a.priceCents, b.priceCents);
    const negated = await json(await estimate({ repository: repo.row.id, scope: ["**", "!lib/**"] }));
    assert.equal(negated.targets[0].lines, baseLines + 10);
  });

  test("a pinned position prices the files of that commit", async () => {
    const first = repo.remote.git(["rev-list", "--max-parents=0", "main"]);
    const body = await json(await estimate({ repository: repo.row.id, at: `commit:${first}` }));
    assert.equal(body.targets[0].sha, first);
    assert.equal(body.targets[0].lines, 3 + 6 + 7 + 1);
  });

  test("extra repositories are targets of their own, priced by their lines", async () => {
    const other = await readyRepository(t, ws);
    const body = await json(await estimate({ repository: repo.row.id, repositories: [{ repository: other.full_name, at: "branch:feature" }] }));
    assert.equal(body.targets.length, 2);
    assert.equal(body.targets[1].repository.id, other.id);
    assert.match(body.targets[1].at, /^branch:feature@/);
    assert.equal(body.priceCents, 7 + body.targets[0].lines + body.targets[1].lines);
  });

  test("focuses are priced at their current revision", async () => {
    await putFocus(t.app.store, ws.id, { slug: "sec", title: "Security", instructions: "Look for injections." });
    await putFocus(t.app.store, ws.id, { slug: "sec", title: "Security", instructions: "Look for injections and secrets." });
    const body = await json(await estimate({ repository: repo.row.id, focuses: ["sec", "sec"] }));
    assert.deepEqual(body.focusRevisions, [{ slug: "sec", revision: 2 }]);
  });

  test("409 nothing_to_review when no reviewable file is in scope", async () => {
    const body = await expectError(await estimate({ repository: repo.row.id, scope: ["vendor/**", "assets/**"] }), 409, "nothing_to_review");
    assert.match(body.error.message, /No reviewable files/);
  });
});

describe("POST /runs/estimate, change reviews", () => {
  test("a branch: added lines of reviewable files plus context per hunk, against the merge base", async () => {
    repo.remote.commit({ "src/topic.py": lines(5), "vendor/more.js": lines(30) }, { branch: "topic", message: "topic" });
    repo.remote.commit({ "lib/report.js": lines(21, "// report") }, { branch: "topic", message: "one more line" });
    repo.remote.git(["checkout", "-q", "main"]);
    await repo.sync();
    const body = await json(await estimate({ repository: repo.row.id, change: { branch: "topic" } }));
    assert.equal(body.kind, "change");
    assert.equal(body.change.kind, "branch");
    assert.equal(body.change.base, repo.remote.git(["rev-parse", "main"]));
    assert.equal(body.change.head, repo.remote.git(["rev-parse", "topic"]));
    assert.equal(body.change.files, 2);
    assert.equal(body.change.changedLines, 6);
    assert.equal(body.targets[0].lines, 6 + 2 * 2);
    assert.equal(body.targets[0].at, null);
    assert.equal(body.priceCents, 7 + 10);
  });

  test("since reviews only the commits after it", async () => {
    const since = repo.remote.git(["rev-parse", "topic~1"]);
    const body = await json(await estimate({ repository: repo.row.id, change: { branch: "topic", since: since.slice(0, 12) } }));
    assert.equal(body.change.since, since);
    assert.equal(body.change.base, since);
    assert.equal(body.change.changedLines, 1);
    assert.equal(body.priceCents, 7 + 1 + 2);
  });

  test("a pull request is compared with its merge base on the default branch", async () => {
    const head = repo.remote.commit({ "src/pr.py": lines(4) }, { branch: "pr-7", message: "pr" });
    repo.remote.git(["update-ref", "refs/pull/7/head", head]);
    repo.remote.git(["checkout", "-q", "main"]);
    await repo.sync();
    const body = await json(await estimate({ repository: repo.row.id, change: { pr: 7 } }));
    assert.equal(body.change.pr, 7);
    assert.equal(body.change.head, head);
    assert.equal(body.targets[0].ref, "refs/pull/7/head");
    assert.equal(body.change.changedLines, 4);
  });

  test("409 change_refused identical: the default branch itself, or since at the head", async () => {
    let body = await expectError(await estimate({ repository: repo.row.id, change: { branch: "main" } }), 409, "change_refused");
    assert.equal(body.error.details.reason, "identical");
    body = await expectError(
      await estimate({ repository: repo.row.id, change: { branch: "topic", since: repo.remote.git(["rev-parse", "topic"]) } }),
      409,
      "change_refused",
    );
    assert.equal(body.error.details.reason, "identical");
  });

  test("409 change_refused large above CRS_CHANGE_MAX_LINES changed lines", async () => {
    repo.remote.commit({ "src/big.py": lines(41) }, { branch: "big", message: "big" });
    repo.remote.git(["checkout", "-q", "main"]);
    await repo.sync();
    const body = await expectError(await estimate({ repository: repo.row.id, change: { branch: "big" } }), 409, "change_refused");
    assert.equal(body.error.details.reason, "large");
    assert.equal(body.error.details.changedLines, 41);
  });

  test("409 change_refused thin when only deletions and unreviewable files change", async () => {
    repo.remote.commit({ "lib/report.js": null, "vendor/x.js": lines(3), "assets/other.bin": Buffer.from([0, 1, 2]) }, { branch: "thin", message: "thin" });
    repo.remote.git(["checkout", "-q", "main"]);
    await repo.sync();
    const body = await expectError(await estimate({ repository: repo.row.id, change: { branch: "thin" } }), 409, "change_refused");
    assert.equal(body.error.details.reason, "thin");
  });

  test("409 change_refused detached for a branch with no history in common", async () => {
    const tree = repo.remote.git(["rev-parse", "main^{tree}"]);
    const orphan = repo.remote.git(["commit-tree", tree, "-m", "orphan"]);
    repo.remote.git(["update-ref", "refs/heads/orphan", orphan]);
    await repo.sync();
    const body = await expectError(await estimate({ repository: repo.row.id, change: { branch: "orphan" } }), 409, "change_refused");
    assert.equal(body.error.details.reason, "detached");
  });

  test("409 position_unavailable for an unknown branch or pull request, and since off the branch", async () => {
    assert.equal(
      (await expectError(await estimate({ repository: repo.row.id, change: { branch: "nope" } }), 409, "position_unavailable")).error.details.reason,
      "unknown_branch",
    );
    assert.equal(
      (await expectError(await estimate({ repository: repo.row.id, change: { pr: 999 } }), 409, "position_unavailable")).error.details.reason,
      "unknown_pr",
    );
    const offBranch = repo.remote.git(["rev-parse", "big"]);
    assert.equal(
      (await expectError(await estimate({ repository: repo.row.id, change: { branch: "topic", since: offBranch } }), 409, "position_unavailable")).error.details
        .reason,
      "not_on_ref",
    );
  });
});

describe("POST /runs/estimate, invalid requests change nothing", () => {
  const bad: Array<[string, unknown, string]> = [
    ["no repository", {}, "repository"],
    ["at and change together", { at: "default", change: { pr: 1 } }, "change"],
    ["change with both pr and branch", { change: { pr: 1, branch: "x" } }, "change"],
    ["change as a string", { change: "pr:1" }, "change"],
    ["extra repositories with a change", { change: { branch: "topic" }, repositories: [{ repository: "a/b" }] }, "repositories"],
    ["six focuses", { focuses: ["a", "b", "c", "d", "e", "f"] }, "focuses"],
    ["201 scope globs", { scope: Array.from({ length: 201 }, (_, i) => `d${i}/**`) }, "scope"],
    ["nine extra repositories", { repositories: Array.from({ length: 9 }, (_, i) => ({ repository: i + 1 })) }, "repositories"],
    ["steering over 65536 characters", { steering: "x".repeat(65537) }, "steering"],
    ["at over 512 characters", { at: `branch:${"a".repeat(510)}` }, "at"],
    ["a malformed at", { at: "tag:v1" }, "at"],
    ["a malformed since", { change: { branch: "topic", since: "HEAD~1" } }, "change"],
    ["a document id that is not a number", { documents: ["abc"] }, "documents"],
  ];
  for (const [name, extra, field] of bad) {
    test(`400 for ${name}`, async () => {
      const body = await expectError(
        await estimate({ repository: repo.row.id, ...(extra as object), ...(name === "no repository" ? { repository: undefined } : {}) }),
        400,
        "invalid_request",
      );
      assert.ok(JSON.stringify(body.error.details).includes(field), JSON.stringify(body.error));
    });
  }

  test("400 for an extra repository named twice", async () => {
    await expectError(await estimate({ repository: repo.row.id, repositories: [{ repository: repo.row.full_name }] }), 400, "invalid_request");
  });

  test("404 for an unknown repository, focus or document; 409 for an archived document", async () => {
    await expectError(await estimate({ repository: "no/such" }), 404, "not_found");
    await expectError(await estimate({ repository: repo.row.id, focuses: ["missing"] }), 404, "not_found");
    await putFocus(t.app.store, ws.id, { slug: "gone", title: "Gone", instructions: "x" });
    await archiveFocus(t.app.store, ws.id, "gone");
    await expectError(await estimate({ repository: repo.row.id, focuses: ["gone"] }), 404, "not_found");
    await expectError(await estimate({ repository: repo.row.id, documents: [999999] }), 404, "not_found");
    const { document } = await createDocument(t.app.store, t.config.dataDir, {
      workspaceId: ws.id,
      userId: ws.userId,
      repositoryId: null,
      note: { text: "old notes" },
    });
    await archiveDocument(t.app.store, { workspaceId: ws.id, userId: ws.userId, role: "admin" }, document.id);
    await expectError(await estimate({ repository: repo.row.id, documents: [document.id] }), 409, "conflict");
  });

  test("404 for another workspace's repository", async () => {
    const other = await t.workspace();
    await expectError(await estimate({ repository: repo.row.id }, other.token), 404, "not_found");
  });

  test("409 repository_not_runnable once the remote is gone", async () => {
    const gone = makeRepo();
    const row = await readyRepository(t, ws, { remote: gone.url });
    gone.cleanup();
    const { syncAndWait } = await import("../src/capabilities/repositories/index.ts");
    await syncAndWait(t.app, row.id);
    const body = await expectError(await estimate({ repository: row.id }), 409, "repository_not_runnable");
    assert.equal(body.error.details.reason, "remote_not_found");
  });
});
