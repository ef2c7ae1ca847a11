// The inbox: findings read at positions along a branch history, triage by the spec's transition
// table, and pagination pinned while new runs land. Findings enter through the real import.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { setDecision } from "../src/capabilities/findings/triage.ts";
import { cachedPositions, forgetPositions } from "../src/capabilities/findings/position.ts";
import { warmPositions } from "../src/capabilities/findings/warm.ts";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_RATE_LIMITS: "runs:write=1000/1h,shared=1000/1m,findings:write=10000/1m" } });
});
after(() => t.close());

interface World {
  ws: TestWorkspace;
  remote: TestRepo;
  repo: RepositoryRow;
  path: string;
}

async function world(): Promise<World> {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  const repo = await readyRepository(t, ws, { remote: remote.url });
  return { ws, remote, repo, path: `/api/v2/repositories/${repo.id}/-/findings` };
}
const get = (w: World, path: string) => t.request(path, { token: w.ws.token });
const patch = (w: World, path: string, body: unknown) => t.request(`/api/v2${path}`, { method: "PATCH", token: w.ws.token, json: body });
async function sync(w: World) {
  const { syncAndWait } = await import("../src/capabilities/repositories/index.ts");
  await syncAndWait(t.app, w.repo.id);
}
const statusOf = async (w: World, key: string, at: string) => (await json(await get(w, `/api/v2/findings/${key}?at=${encodeURIComponent(at)}`))).status;

describe("reading at a position", () => {
  test("nothing reviewed yet: an empty list with reviewCoverage.reviewed false", async () => {
    const w = await world();
    const body = await json(await get(w, w.path));
    assert.deepEqual(body.items, []);
    assert.equal(body.reviewCoverage.reviewed, false);
    assert.equal(body.total, 0);
    assert.match(body.position.at, /^branch:main@[0-9a-f]{40}$/);
  });

  test("a position ahead of the review reads its findings and says how far ahead it is", async () => {
    const w = await world();
    const reviewed = w.remote.git(["rev-parse", "main"]);
    await importAt(t, w.ws, w.repo, reviewed, [engineFinding({ severity: "critical" }), engineFinding({ severity: "low", path: "src/utils.js" })]);
    w.remote.commit({ "docs/a.md": "a\n" }, { branch: "main" });
    w.remote.commit({ "docs/b.md": "b\n" }, { branch: "main" });
    await sync(w);
    const body = await json(await get(w, w.path));
    assert.equal(body.reviewCoverage.sha, reviewed);
    assert.equal(body.reviewCoverage.commitsAhead, 2);
    assert.equal(body.total, 2);
    assert.deepEqual(body.counts, { status: { open: 2 }, severity: { critical: 1, low: 1 } });
    assert.deepEqual(
      body.items.map((i: any) => i.key),
      ["F-2", "F-1"],
    );
    const crit = await json(await get(w, `${w.path}?severity=critical`));
    assert.deepEqual(
      crit.items.map((i: any) => i.severity),
      ["critical"],
    );
    assert.equal(crit.total, 1);
    assert.deepEqual(crit.counts.severity, { critical: 1, low: 1 }, "counts come before the severity filter");
  });

  test("auto-fixed when a later full review no longer finds it; open again when it comes back", async () => {
    const w = await world();
    const f = engineFinding();
    const first = w.remote.git(["rev-parse", "main"]);
    await importAt(t, w.ws, w.repo, first, [f]);
    const second = w.remote.commit({ "src/app.py": "print('fixed')\n" }, { branch: "main" });
    await sync(w);
    await importAt(t, w.ws, w.repo, second, []);
    assert.equal(await statusOf(w, "F-1", "default"), "fixed");
    assert.equal(await statusOf(w, "F-1", `commit:${first}`), "open");
    const fixedList = await json(await get(w, `${w.path}?status=fixed`));
    assert.deepEqual(
      fixedList.items.map((i: any) => [i.key, i.status]),
      [["F-1", "fixed"]],
    );
    const third = w.remote.commit({ "src/app.py": "import os\nos.system(input())\n" }, { branch: "main" });
    await sync(w);
    await importAt(t, w.ws, w.repo, third, [f]);
    assert.equal(await statusOf(w, "F-1", "default"), "open");
  });

  test("a per-commit status holds on descendants, is overridden by a newer record, and does not reach a sibling branch", async () => {
    const w = await world();
    const base = w.remote.git(["rev-parse", "main"]);
    await importAt(t, w.ws, w.repo, base, [engineFinding()]);
    const res = await patch(w, `/findings/F-1?at=${encodeURIComponent(`commit:${base}`)}`, { status: "false-positive", reason: "input is a constant" });
    assert.equal(res.status, 200, await res.clone().text());
    const child = w.remote.commit({ "docs/c.md": "c\n" }, { branch: "main" });
    w.remote.git(["branch", "side", base]);
    const sibling = w.remote.commit({ "docs/s.md": "s\n" }, { branch: "side" });
    w.remote.git(["checkout", "-q", "main"]);
    await sync(w);
    assert.equal(await statusOf(w, "F-1", `commit:${child}`), "false-positive");
    await patch(w, `/findings/F-1?at=${encodeURIComponent(`commit:${child}`)}`, { status: "open", reason: "it is reachable after all" });
    assert.equal(await statusOf(w, "F-1", `commit:${child}`), "open");
    assert.equal(await statusOf(w, "F-1", `commit:${base}`), "false-positive");
    assert.equal(w.remote.git(["rev-parse", "side"]), sibling);
    // The sibling branch forked from base: it inherits base's record, not main's newer one.
    assert.equal(await statusOf(w, "F-1", "branch:side"), "false-positive");
  });

  test("400 for bad at syntax; 409 position_unavailable with details.reason", async () => {
    const w = await world();
    await expectError(await get(w, `${w.path}?at=tag:v1`), 400, "invalid_request");
    assert.equal((await expectError(await get(w, `${w.path}?at=branch:nope`), 409, "position_unavailable")).error.details.reason, "unknown_branch");
  });
});

describe("lists", () => {
  test("pages stay on the pinned commit and the first page's time while new commits and runs land", async () => {
    const w = await world();
    const head = w.remote.git(["rev-parse", "main"]);
    await importAt(
      t,
      w.ws,
      w.repo,
      head,
      Array.from({ length: 5 }, (_, i) => engineFinding({ line: i + 1 })),
    );
    const one = await json(await get(w, `${w.path}?limit=2`));
    assert.deepEqual(
      one.items.map((i: any) => i.key),
      ["F-5", "F-4"],
    );
    const next = w.remote.commit({ "src/new.py": "x\n" }, { branch: "main" });
    await sync(w);
    await importAt(t, w.ws, w.repo, next, [engineFinding({ path: "src/new.py" })]);
    await importAt(t, w.ws, w.repo, head, [engineFinding({ path: "src/late.py" })]);
    const two = await json(await get(w, `${w.path}?limit=2&cursor=${one.nextCursor}`));
    assert.equal(two.position.at, one.position.at);
    assert.deepEqual(
      two.items.map((i: any) => i.key),
      ["F-3", "F-2"],
    );
    const three = await json(await get(w, `${w.path}?limit=2&cursor=${two.nextCursor}`));
    assert.deepEqual(
      three.items.map((i: any) => i.key),
      ["F-1"],
    );
    assert.equal(three.nextCursor, null);
    // Unpinned, the list reads the new head: F-6 is open there; what only the older review found reads fixed.
    const fresh = await json(await get(w, w.path));
    assert.deepEqual(
      fresh.items.slice(0, 2).map((i: any) => [i.key, i.status]),
      [
        ["F-7", "fixed"],
        ["F-6", "open"],
      ],
    );
  });

  test("assignee filters: me, none, an email, and a username several members share", async () => {
    const w = await world();
    const head = w.remote.git(["rev-parse", "main"]);
    await importAt(
      t,
      w.ws,
      w.repo,
      head,
      [1, 2, 3].map((line) => engineFinding({ line })),
    );
    const a = await w.ws.member({ username: `twin${w.ws.id}` });
    const b = await w.ws.member({ username: `twin${w.ws.id}` });
    assert.equal((await patch(w, "/findings", { findings: ["F-1"], assignee: a.userId })).status, 200);
    assert.equal((await patch(w, "/findings", { findings: ["F-2"], assignee: b.email })).status, 200);
    assert.equal((await patch(w, "/findings", { findings: ["F-3"], assignee: "me" })).status, 200);
    const keys = async (q: string) => (await json(await get(w, `${w.path}?assignee=${encodeURIComponent(q)}`))).items.map((i: any) => i.key);
    assert.deepEqual(await keys(`twin${w.ws.id}`), ["F-2", "F-1"]);
    assert.deepEqual(await keys("me"), ["F-3"]);
    assert.deepEqual(await keys(b.email), ["F-2"]);
    assert.deepEqual(await keys("none"), []);
    const refused = await expectError(await patch(w, "/findings", { findings: ["F-3"], assignee: `twin${w.ws.id}` }), 400, "invalid_request");
    assert.match(refused.error.message, /Several members/);
  });

  test("GET /findings covers every repository at its default head and names the unavailable ones", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [engineFinding()]);
    const other = makeRepo();
    const row = await readyRepository(t, w.ws, { remote: other.url });
    await importAt(t, w.ws, row, other.git(["rev-parse", "main"]), [engineFinding(), engineFinding({ line: 4 })]);
    other.cleanup();
    const body = await json(await get(w, "/api/v2/findings"));
    assert.deepEqual(
      body.items.map((i: any) => [i.key, i.repository.id]),
      [
        ["F-3", row.id],
        ["F-2", row.id],
        ["F-1", w.repo.id],
      ],
    );
    assert.equal(body.total, 3);
    assert.deepEqual(body.unavailableRepositories, []);
    const { syncAndWait } = await import("../src/capabilities/repositories/index.ts");
    await syncAndWait(t.app, row.id);
    const later = await json(await get(w, "/api/v2/findings?limit=1"));
    assert.deepEqual(
      later.unavailableRepositories.map((u: any) => [u.repository.id, u.reason]),
      [[row.id, "remote_not_found"]],
    );
    assert.deepEqual(
      later.items.map((i: any) => i.key),
      ["F-1"],
    );
  });
});

describe("triage", () => {
  let w: World;
  before(async () => {
    w = await world();
    await importAt(
      t,
      w.ws,
      w.repo,
      w.remote.git(["rev-parse", "main"]),
      [1, 2, 3, 4].map((line) => engineFinding({ line })),
    );
  });

  test("reason is required with status and with dismissed: true; nothing at all is 400", async () => {
    await expectError(await patch(w, "/findings/F-1", { status: "fixed" }), 400, "invalid_request");
    await expectError(await patch(w, "/findings/F-1", { dismissed: true }), 400, "invalid_request");
    await expectError(await patch(w, "/findings/F-1", {}), 400, "invalid_request");
    await expectError(await patch(w, "/findings", { findings: [], severity: "low" }), 400, "invalid_request");
    await expectError(await patch(w, "/findings", { findings: Array.from({ length: 101 }, (_, i) => `F-${i + 1}`), severity: "low" }), 400, "invalid_request");
  });

  test("a bulk change with one unknown finding changes nothing", async () => {
    await expectError(await patch(w, "/findings", { findings: ["F-1", "F-999"], severity: "info" }), 404, "not_found");
    const f1 = await json(await get(w, "/api/v2/findings/F-1"));
    assert.equal(f1.severity, "high");
  });

  test("investigating and wont-fix belong to the finding; open, fixed and false-positive to the commit", async () => {
    let body = await json(await patch(w, "/findings", { findings: ["F-1", "F-2"], status: "investigating", reason: "triaging" }));
    assert.deepEqual(
      body.findings.map((f: any) => f.status),
      ["investigating", "investigating"],
    );
    const detail = await json(await get(w, "/api/v2/findings/F-1"));
    assert.equal(detail.investigating, true);
    body = await json(await patch(w, "/findings", { findings: ["F-1"], status: "fixed", reason: "patched" }));
    assert.equal(body.findings[0].status, "fixed");
    const records = await t.app.store.db.selectFrom("finding_statuses").selectAll().where("workspace_id", "=", w.ws.id).execute();
    assert.deepEqual(
      records.map((r) => [r.status, r.sha]),
      [["fixed", w.remote.git(["rev-parse", "main"])]],
    );
  });

  test("a change that would not alter a finding is skipped without error", async () => {
    const before = (await t.app.store.db.selectFrom("finding_activity").select("id").where("workspace_id", "=", w.ws.id).execute()).length;
    const res = await patch(w, "/findings", { findings: ["F-2"], status: "investigating", reason: "again" });
    assert.equal(res.status, 200);
    const after = (await t.app.store.db.selectFrom("finding_activity").select("id").where("workspace_id", "=", w.ws.id).execute()).length;
    assert.equal(after, before);
  });

  test("wont-fix creates an active decision that refuses open and investigating with 409 decision_active", async () => {
    const res = await patch(w, "/findings/F-3", { status: "wont-fix", reason: "legacy endpoint, removed next quarter" });
    assert.equal((await json(res)).findings[0].status, "wont-fix");
    const refused = await expectError(await patch(w, "/findings", { findings: ["F-3", "F-4"], status: "open", reason: "reopen" }), 409, "decision_active");
    assert.deepEqual(refused.error.details.findings, [{ key: "F-3", decision: "wont-fix" }]);
    assert.equal(await statusOf(w, "F-4", "default"), "open", "the refused bulk change changed nothing");
    await expectError(await patch(w, "/findings/F-3", { status: "investigating", reason: "x" }), 409, "decision_active");
    const detail = await json(await get(w, "/api/v2/findings/F-3"));
    assert.equal(detail.decision.kind, "wont-fix");
  });

  test("risk acceptance is active until its date, then the finding is active again by itself", async () => {
    await setDecision(
      t.app.store,
      w.ws.id,
      "F-4",
      { kind: "risk-accepted", until: new Date(Date.now() + 3_600_000).toISOString(), reason: "compensating " + "control", by: w.ws.userId },
      new Date(),
    );
    assert.equal(await statusOf(w, "F-4", "default"), "wont-fix");
    await expectError(await patch(w, "/findings/F-4", { status: "investigating", reason: "x" }), 409, "decision_active");
    const real = t.app.now;
    t.app.now = () => new Date(Date.now() + 2 * 3_600_000);
    try {
      assert.equal(await statusOf(w, "F-4", "default"), "open");
      assert.equal((await patch(w, "/findings/F-4", { status: "investigating", reason: "expired acceptance" })).status, 200);
    } finally {
      t.app.now = real;
    }
  });

  test("dismissed findings are hidden unless dismissed=true, which lists only them; dismissed false brings one back", async () => {
    await patch(w, "/findings/F-2", { dismissed: true, reason: "test code" });
    const shown = (await json(await get(w, w.path))).items.map((i: any) => i.key);
    assert.ok(!shown.includes("F-2"));
    assert.deepEqual(
      (await json(await get(w, `${w.path}?dismissed=true`))).items.map((i: any) => i.key),
      ["F-2"],
    );
    await patch(w, "/findings/F-2", { dismissed: false });
    assert.ok((await json(await get(w, w.path))).items.some((i: any) => i.key === "F-2"));
  });

  test("severity overrides show in lists and the activity records every change with actor and before/after", async () => {
    await patch(w, "/findings/F-1", { severity: "critical" });
    const detail = await json(await get(w, "/api/v2/findings/F-1"));
    assert.equal(detail.severity, "critical");
    const kinds = detail.activity.map((a: any) => a.kind);
    assert.deepEqual(kinds, ["reported", "status", "status", "severity"]);
    const sev = detail.activity.at(-1);
    assert.deepEqual([sev.before, sev.after, sev.actor.id], ["high", "critical", w.ws.userId]);
  });
});

describe("the finding", () => {
  test("by key or id, with reports, evidence and repositories; repository_required when it is in several", async () => {
    const w = await world();
    const f = engineFinding({
      engine: "taint",
      flow: [{ path: "src/app.py", startLine: 1, startColumn: 1, endLine: 1, endColumn: 5, message: "source: input()" }],
    });
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [f]);
    const byKey = await json(await get(w, "/api/v2/findings/F-1"));
    const byId = await json(await get(w, `/api/v2/findings/${byKey.id}`));
    assert.equal(byId.key, "F-1");
    assert.equal(byKey.reports.length, 1);
    assert.deepEqual(byKey.sources, ["taint"]);
    assert.equal(byKey.evidence.flow[0].message, "source: input()");
    assert.equal(byKey.position.repository.id, w.repo.id);
    const fork = await readyRepository(t, w.ws, { remote: w.remote.url });
    await importAt(t, w.ws, fork, w.remote.git(["rev-parse", "main"]), [f]);
    const body = await expectError(await get(w, "/api/v2/findings/F-1"), 400, "repository_required");
    assert.deepEqual(body.error.details.repositories.map((r: any) => r.id).sort(), [w.repo.id, fork.id].sort());
    assert.equal((await json(await get(w, `/api/v2/findings/F-1?repository=${fork.id}`))).repositories.length, 2);
    await expectError(await patch(w, "/findings/F-1?at=default", { status: "fixed", reason: "x" }), 400, "repository_required");
  });

  test("two rules reporting one weakness on one line: the later finding is a duplicate of the first", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [
      engineFinding({ ruleId: "py.command-injection", cwe: [78] }),
      engineFinding({ ruleId: "py.taint.command-injection", cwe: [78], engine: "taint" }),
      engineFinding({ ruleId: "py.weak-hash", cwe: [328] }),
    ]);
    const dup = await json(await get(w, "/api/v2/findings/F-2"));
    assert.equal(dup.status, "duplicate");
    assert.equal(dup.duplicateOf, "F-1");
    assert.deepEqual((await json(await get(w, "/api/v2/findings/F-1"))).related.duplicates, ["F-2"]);
    assert.equal((await json(await get(w, "/api/v2/findings/F-3"))).status, "open", "another weakness on the same line is not a duplicate");
  });

  test("404 when it is not at the position, for an unknown key, and from another workspace", async () => {
    const w = await world();
    const old = w.remote.git(["rev-list", "--max-parents=0", "main"]);
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [engineFinding()]);
    await expectError(await get(w, `/api/v2/findings/F-1?at=commit:${old}`), 404, "not_found");
    await expectError(await get(w, "/api/v2/findings/F-77"), 404, "not_found");
    await expectError(await get(w, "/api/v2/findings/not-a-key"), 400, "invalid_request");
    const other = await t.workspace();
    await expectError(await t.request("/api/v2/findings/F-1", { token: other.token }), 404, "not_found");
  });
});

describe("changes without a position", () => {
  test("PATCH on a finding in two repositories needs no repository without at: finding-level changes apply once, fixed at each default head", async () => {
    const w = await world();
    const main = w.remote.git(["rev-parse", "main"]);
    const found = [engineFinding(), engineFinding({ line: 7 })];
    await importAt(t, w.ws, w.repo, main, found);
    const fork = await readyRepository(t, w.ws, { remote: w.remote.url });
    await importAt(t, w.ws, fork, main, found);
    const one = await patch(w, "/findings/F-1", { severity: "low", assignee: "me" });
    assert.equal(one.status, 200);
    assert.equal((await json(one)).findings[0].severity, "low");
    const bulk = await json(await patch(w, "/findings", { findings: ["F-1", "F-2"], status: "fixed", reason: "patched everywhere" }));
    assert.deepEqual(
      bulk.findings.map((f: any) => f.status),
      ["fixed", "fixed"],
    );
    const records = await t.app.store.db
      .selectFrom("finding_statuses")
      .select(["repository_id", "sha", "status"])
      .where("workspace_id", "=", w.ws.id)
      .execute();
    assert.deepEqual(
      records.map((r) => `${r.repository_id}:${r.sha}:${r.status}`).sort(),
      [w.repo.id, w.repo.id, fork.id, fork.id].map((id) => `${id}:${main}:fixed`).sort(),
    );
    assert.equal((await json(await get(w, `/api/v2/findings/F-1?repository=${fork.id}`))).status, "fixed");
    await expectError(await patch(w, "/findings/F-1?at=default", { status: "open", reason: "x" }), 400, "repository_required");
  });

  test("PATCH at a commit where the finding never was is 404 not_found and records nothing", async () => {
    const w = await world();
    const old = w.remote.git(["rev-list", "--max-parents=0", "main"]);
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [engineFinding()]);
    const body = await expectError(await patch(w, `/findings/F-1?at=commit:${old}`, { status: "fixed", reason: "x" }), 404, "not_found");
    assert.equal(body.error.details.at, `commit:${old}`);
    await expectError(await patch(w, `/findings?at=commit:${old}`, { findings: ["F-1"], severity: "low" }), 404, "not_found");
    assert.equal((await t.app.store.db.selectFrom("finding_statuses").select("sha").where("workspace_id", "=", w.ws.id).execute()).length, 0);
    assert.equal((await json(await get(w, "/api/v2/findings/F-1"))).severity, "high");
  });
});

describe("comments", () => {
  test("201 with the comment; replies within the finding; Idempotency-Key replays the original 201 or is 409 for another body", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [engineFinding(), engineFinding({ line: 9 })]);
    const post = (key: string, body: unknown, idem?: string) =>
      t.request(`/api/v2/findings/${key}/comments`, {
        method: "POST",
        token: w.ws.token,
        json: body,
        ...(idem ? { headers: { "idempotency-key": idem } } : {}),
      });
    const first = await post("F-1", { body: "Reproduced on staging." }, "c-1");
    assert.equal(first.status, 201);
    const c = (await json(first)).comment;
    assert.equal(c.finding, "F-1");
    const again = await post("F-1", { body: "Reproduced on staging." }, "c-1");
    assert.equal(again.status, 201);
    assert.equal((await json(again)).comment.id, c.id);
    await expectError(await post("F-1", { body: "Something else" }, "c-1"), 409, "idempotency_key_reused");
    const reply = await post("F-1", { body: "Fix is in review.", replyTo: c.id });
    assert.equal((await json(reply)).comment.replyTo, c.id);
    await expectError(await post("F-2", { body: "wrong thread", replyTo: c.id }), 400, "invalid_request");
    await expectError(await post("F-1", { body: "" }), 400, "invalid_request");
    await expectError(await post("F-1", { body: "x".repeat(20001) }), 400, "invalid_request");
    const detail = await json(await get(w, "/api/v2/findings/F-1"));
    assert.deepEqual(
      detail.comments.map((x: any) => x.body),
      ["Reproduced on staging.", "Fix is in review."],
    );
    assert.equal(detail.activity.filter((a: any) => a.kind === "comment").length, 2);
  });
});

describe("cached positions after triage", () => {
  test("a cached inbox brought up to date after triage equals one computed afresh; an import is seen at once", async () => {
    const w = await world();
    const base = w.remote.git(["rev-parse", "main"]);
    await importAt(t, w.ws, w.repo, base, [
      engineFinding({ severity: "critical" }),
      engineFinding({ severity: "high", path: "src/a.js" }),
      engineFinding({ severity: "medium", path: "src/b.js" }),
      engineFinding({ severity: "low", path: "src/c.js" }),
    ]);
    const org = "/api/v2/findings?limit=100";
    const read = async (path: string) => {
      const body = await json(await get(w, path));
      delete body.asOf;
      return body;
    };
    assert.equal((await read(org)).total, 4); // cached now
    assert.equal((await patch(w, "/findings", { findings: ["F-1", "F-2"], severity: "low", reason: "behind a flag" })).status, 200);
    assert.equal((await patch(w, "/findings/F-3", { status: "false-positive", reason: "constant input" })).status, 200);
    assert.equal((await patch(w, "/findings/F-4", { status: "wont-fix", reason: "legacy" })).status, 200);
    assert.equal((await patch(w, "/findings", { findings: ["F-2"], assignee: "me" })).status, 200);
    const patched = await read(org);
    const patchedRepo = await read(`${w.path}?limit=100`);
    assert.deepEqual(patched.counts.severity, { low: 3, medium: 1 });
    assert.equal(patched.items.find((i: any) => i.key === "F-3").status, "false-positive");
    forgetPositions();
    assert.deepEqual(await read(org), patched);
    assert.deepEqual(await read(`${w.path}?limit=100`), patchedRepo);

    // A new review of the same commit (each engineFinding is a new finding): the import is seen at once.
    await importAt(t, w.ws, w.repo, base, [
      engineFinding({ severity: "critical" }),
      engineFinding({ severity: "high", path: "src/a.js" }),
      engineFinding({ severity: "medium", path: "src/b.js" }),
      engineFinding({ severity: "low", path: "src/c.js" }),
      engineFinding({ severity: "high", path: "src/d.js" }),
    ]);
    const imported = await read(org);
    assert.equal(imported.total, 9);
    forgetPositions();
    assert.deepEqual(await read(org), imported);
  });

  test("warming computes the reviewed repositories' default heads ahead of the first read, and stops when told", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.remote.git(["rev-parse", "main"]), [engineFinding(), engineFinding({ path: "src/x.js" })]);
    forgetPositions();
    assert.equal(
      await warmPositions(
        t.app,
        () => new Date(),
        () => true,
      ),
      0,
    );
    assert.equal(cachedPositions(), 0);
    const warmed = await warmPositions(t.app, () => new Date());
    assert.ok(warmed >= 1, "this workspace's repository at least");
    assert.equal(cachedPositions(), warmed);
    // Behind the cache's back (no inbox version bump): a read served by the warmed position still sees two.
    await t.app.store.db.deleteFrom("finding_presence").where("workspace_id", "=", w.ws.id).where("path", "=", "src/x.js").execute();
    // (Computed at the read, the position would hold one finding.)
    assert.equal((await json(await get(w, "/api/v2/findings?limit=100"))).total, 2, "the read used the warmed position");
  });

  test("an import into one repository marks only that repository imported; another's cached position shows the shared finding rows it changed", async () => {
    const w = await world();
    const remoteB = makeRepo();
    t.app.onClose(() => remoteB.cleanup());
    const repoB = await readyRepository(t, w.ws, { remote: remoteB.url });
    const shared = engineFinding();
    const shaA = w.remote.git(["rev-parse", "main"]);
    await importAt(t, w.ws, w.repo, shaA, [shared]);
    await importAt(t, w.ws, repoB, remoteB.git(["rev-parse", "main"]), [shared, engineFinding({ path: "src/b.js" })]);
    const org = "/api/v2/findings?limit=100";
    const read = async () => {
      const body = await json(await get(w, org));
      delete body.asOf;
      return body;
    };
    assert.equal((await read()).total, 3); // both positions cached now
    const versions = async () =>
      Object.fromEntries(
        (await t.app.store.db.selectFrom("repositories").select(["id", "import_version"]).where("workspace_id", "=", w.ws.id).execute()).map((r) => [
          r.id,
          r.import_version,
        ]),
      );
    const before = await versions();

    await importAt(t, w.ws, w.repo, shaA, [shared, engineFinding({ path: "src/new.js" })]);
    const after = await versions();
    assert.ok(after[w.repo.id]! > before[w.repo.id]!, "the imported repository is marked");
    assert.equal(after[repoB.id], before[repoB.id], "the other repository is not");
    const body = await read();
    assert.equal(body.total, 4);
    const sharedItems = body.items.filter((i: any) => i.key === "F-1");
    assert.equal(sharedItems.length, 2);
    for (const item of sharedItems) assert.equal(item.reportCount, 3, `${item.repository.fullName} shows the row as the import left it`);
    forgetPositions();
    assert.deepEqual(await read(), body);
  });
});
