// crs admin credits and spend-limit through the real executable, and GET /me and POST /runs honouring them.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { json, startTestServer, type TestServer } from "./harness.ts";
import { cliEnv, crs, crsJson, type CliEnv, dropCliStore, sameStoreAsCli } from "./cli.ts";
import * as accounts from "../src/capabilities/identity/index.ts";
import { scopes } from "../src/kernel/scopes.ts";

let e: CliEnv;
let t: TestServer;
let token: string;
before(async () => {
  e = await cliEnv();
  await crsJson(e, ["admin", "workspace", "create", "billing"]);
  t = await startTestServer(sameStoreAsCli(e));
  const ws = await accounts.findWorkspace(t.app.store, "billing");
  const user = await accounts.createUser(t.app.store, { username: "payer", email: "payer@example.test" });
  await accounts.addMember(t.app.store, ws.id, user.id, "admin");
  token = (await accounts.createApiKey(t.app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes] })).token;
});
after(async () => {
  await t.close();
  await dropCliStore(e);
});

test("credits grant adds a ledger entry; show reports balance, month spend, limit and entries", async () => {
  const granted = await crsJson(e, ["admin", "credits", "grant", "billing", "2500", "--reason", "pilot"]);
  assert.equal(granted.entry.amountCents, 2500);
  assert.equal(granted.entry.kind, "grant");
  assert.equal(granted.balanceCents, 2500);
  await crsJson(e, ["admin", "credits", "adjust", "billing", "-500", "--reason", "correction"]);
  const shown = await crsJson(e, ["admin", "credits", "show", "billing"]);
  assert.equal(shown.balanceCents, 2000);
  assert.equal(shown.monthSpendCents, 0);
  assert.equal(shown.spendLimitCents, null);
  assert.deepEqual(
    shown.entries.map((x: any) => [x.kind, x.amountCents, x.note]),
    [
      ["adjustment", -500, "correction"],
      ["grant", 2500, "pilot"],
    ],
  );
  const human = await crs(e, ["admin", "credits", "show", "billing"]);
  assert.equal(human.code, 0);
  assert.match(human.stdout, /balance\s+20\.00/);
  const me = await json(await t.request("/api/v2/me", { token }));
  assert.equal(me.credits.balanceCents, 2000);
});

test("spend-limit set takes cents or none; GET /me shows it to admins", async () => {
  assert.equal((await crsJson(e, ["admin", "spend-limit", "set", "billing", "1500"])).spendLimitCents, 1500);
  assert.equal((await json(await t.request("/api/v2/me", { token }))).credits.spendLimitCents, 1500);
  assert.equal((await crsJson(e, ["admin", "spend-limit", "set", "billing", "none"])).spendLimitCents, null);
  assert.equal((await json(await t.request("/api/v2/me", { token }))).credits.spendLimitCents, null);
});

test("bad amounts exit 2 and change nothing; an unknown workspace exits 1", async () => {
  for (const args of [
    ["credits", "grant", "billing", "0"],
    ["credits", "grant", "billing", "-5"],
    ["credits", "grant", "billing", "1.5"],
    ["credits", "grant", "billing", "99999999999"],
    ["spend-limit", "set", "billing", "-1"],
    ["credits", "adjust", "billing", "0", "--reason", "x"],
  ]) {
    const r = await crs(e, ["admin", ...args]);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
  }
  assert.equal((await crs(e, ["admin", "credits", "grant", "nope", "100"])).code, 1);
  assert.equal((await crsJson(e, ["admin", "credits", "show", "billing"])).balanceCents, 2000);
});

test("model-review off and on set the workspace's switch for the model review stage; show reads it", async () => {
  const ws = await accounts.findWorkspace(t.app.store, "billing");
  assert.equal((await crsJson(e, ["admin", "model-review", "show", "billing"])).modelReview, "on");
  assert.equal((await crsJson(e, ["admin", "model-review", "off", "billing"])).modelReview, "off");
  const row = await t.app.store.db.selectFrom("workspace_model_settings").select("model_off").where("workspace_id", "=", ws.id).executeTakeFirstOrThrow();
  assert.equal(row.model_off, 1);
  const human = await crs(e, ["admin", "model-review", "show", "billing"]);
  assert.match(human.stdout, /model review for billing: off/);
  assert.equal((await crsJson(e, ["admin", "model-review", "on", "billing"])).modelReview, "on");
  assert.equal((await crsJson(e, ["admin", "model-review", "show", "billing"])).modelReview, "on");
});
