// crs admin finding accept-risk|revoke-decision through the real executable, and the API honouring them.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import * as accounts from "../src/capabilities/identity/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { cliEnv, crs, crsJson, type CliEnv, dropCliStore, sameStoreAsCli } from "./cli.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";

let e: CliEnv;
let t: TestServer;
let ws: TestWorkspace;
before(async () => {
  e = await cliEnv();
  t = await startTestServer(sameStoreAsCli(e));
  ws = await t.workspace({ slug: "triage" });
  const repo = await readyRepository(t, ws);
  const sha = (await t.app.mirrors.get(repo.id).listRefs()).branch("main")!.sha;
  await importAt(t, ws, repo, sha, [engineFinding()]);
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

const status = async () => (await json(await t.request("/api/v2/findings/F-1", { token: ws.token }))).status;

test("accept-risk makes the finding read wont-fix with the decision; revoke-decision lifts it", async () => {
  const admin = await accounts.findUser(t.app.store, ws.username);
  const r = await crsJson(e, [
    "admin",
    "finding",
    "accept-risk",
    "triage",
    "F-1",
    "--until",
    "2099-01-31",
    "--reason",
    "behind the VPN",
    "--by",
    String(admin.id),
  ]);
  assert.deepEqual(r.decision, { kind: "risk-accepted", until: "2099-01-31T00:00:00.000Z", reason: "behind the VPN" });
  assert.equal(await status(), "wont-fix");
  const detail = await json(await t.request("/api/v2/findings/F-1", { token: ws.token }));
  assert.equal(detail.decision.kind, "risk-accepted");
  assert.equal(detail.decision.by.id, admin.id);
  await crsJson(e, ["admin", "finding", "revoke-decision", "triage", "F-1"]);
  assert.equal(await status(), "open");
});

test("a date that does not exist exits 2 instead of rolling over to the next month; nothing changes", async () => {
  for (const until of ["2027-02-30", "2027-02-29", "2027-13-01", "2027-04-31", "2027-01-31T24:00:00Z", "2027-01-31T12:60:00Z"]) {
    const r = await crs(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", until, "--reason", "x"]);
    assert.equal(r.code, 2, `${until}: ${r.stdout}`);
    assert.match(r.stderr, /--until/);
  }
  assert.equal(await status(), "open");
  const leap = await crsJson(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", "2028-02-29", "--reason", "leap day"]);
  assert.equal(leap.decision.until, "2028-02-29T00:00:00.000Z");
  const timed = await crsJson(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", "2028-03-01T18:30:00+02:00", "--reason", "x"]);
  assert.equal(timed.decision.until, "2028-03-01T16:30:00.000Z");
  await crsJson(e, ["admin", "finding", "revoke-decision", "triage", "F-1"]);
});

test("--by must name an admin of the workspace: an outsider or a plain member exits 2 and nothing changes", async () => {
  const outsider = await accounts.createUser(t.app.store, { username: "outsider", email: "outsider@example.test" });
  const member = await ws.member({ role: "member" });
  for (const by of [String(outsider.id), "outsider", member.username]) {
    const r = await crs(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", "2099-01-01", "--reason", "x", "--by", by]);
    assert.equal(r.code, 2, `${by}: ${r.stdout}`);
    assert.match(r.stderr, /not an admin of this workspace/);
  }
  assert.equal(await status(), "open");
});

test("a past or unreadable date exits 2; an unknown finding exits 1; nothing changes", async () => {
  assert.equal((await crs(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", "2001-01-01", "--reason", "x"])).code, 2);
  assert.equal((await crs(e, ["admin", "finding", "accept-risk", "triage", "F-1", "--until", "someday", "--reason", "x"])).code, 2);
  assert.equal((await crs(e, ["admin", "finding", "accept-risk", "triage", "F-99", "--until", "2099-01-01", "--reason", "x"])).code, 1);
  assert.equal(await status(), "open");
});
