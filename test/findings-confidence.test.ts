// Confidence on findings (API, MCP, filter, updated by later reports) and which duplicate stays
// visible when findings fold on one line. Findings enter through the real import.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo } from "../src/platform/codehost/testing/make-repo.ts";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { callTool, mcpClient } from "./mcp-client.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_RATE_LIMITS: "runs:write=1000/1h,shared=1000/1m,findings:write=10000/1m" } });
});
after(() => t.close());

interface World {
  ws: TestWorkspace;
  repo: RepositoryRow;
  head: string;
  path: string;
}

async function world(): Promise<World> {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  const repo = await readyRepository(t, ws, { remote: remote.url });
  return { ws, repo, head: remote.git(["rev-parse", "main"]), path: `/api/v2/repositories/${repo.id}/-/findings` };
}
const get = async (w: World, path: string) => json(await t.request(path, { token: w.ws.token }));

describe("confidence", () => {
  test("list items and the single finding carry the engine's confidence; confidence=medium,high hides library-input findings", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.head, [
      engineFinding({ ruleId: "js.taint.command-injection", engine: "taint", confidence: "low", path: "lib/which.js" }),
      engineFinding({ ruleId: "py.command-injection", confidence: "high" }),
      engineFinding({ ruleId: "py.weak-hash", cwe: [328], confidence: "medium", path: "src/hash.py" }),
    ]);
    const all = await get(w, w.path);
    assert.deepEqual(
      all.items.map((i: any) => [i.key, i.confidence]),
      [
        ["F-3", "medium"],
        ["F-2", "high"],
        ["F-1", "low"],
      ],
    );
    assert.equal((await get(w, "/api/v2/findings/F-1")).confidence, "low");
    const sure = await get(w, `${w.path}?confidence=medium,high`);
    assert.deepEqual(
      sure.items.map((i: any) => i.key),
      ["F-3", "F-2"],
    );
    assert.equal(sure.total, 2);
    assert.deepEqual(sure.counts.severity, { high: 2 }, "counts follow the confidence filter");
    const org = await get(w, "/api/v2/findings?confidence=low");
    assert.deepEqual(
      org.items.map((i: any) => i.key),
      ["F-1"],
    );
  });

  test("a bad confidence is 400 invalid_request naming the parameter, on REST and MCP", async () => {
    const w = await world();
    const body = await expectError(await t.request(`${w.path}?confidence=certain`, { token: w.ws.token }), 400, "invalid_request");
    assert.ok(
      body.error.details.issues.some((i: any) => JSON.stringify(i).includes("confidence")),
      JSON.stringify(body.error.details),
    );
    await expectError(await t.request("/api/v2/findings?confidence=", { token: w.ws.token }), 400, "invalid_request");
    const client = await mcpClient(t.url, w.ws.token);
    try {
      const bad = await callTool(client, "list_findings", { confidence: ["sure"] });
      assert.equal(bad.isError, true);
      assert.equal(bad.body.error.code, "invalid_request");
    } finally {
      await client.close();
    }
  });

  test("MCP list and get answer the confidence too", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.head, [engineFinding({ confidence: "low" })]);
    const client = await mcpClient(t.url, w.ws.token);
    try {
      const list = await callTool(client, "list_findings", { confidence: ["low"] });
      assert.deepEqual(
        list.body.items.map((i: any) => [i.key, i.confidence]),
        [["F-1", "low"]],
      );
      assert.equal((await callTool(client, "get_finding", { finding: "F-1" })).body.confidence, "low");
    } finally {
      await client.close();
    }
  });

  test("a later report of the same finding updates its confidence", async () => {
    const w = await world();
    const f = engineFinding({ confidence: "low" });
    await importAt(t, w.ws, w.repo, w.head, [f]);
    assert.equal((await get(w, "/api/v2/findings/F-1")).confidence, "low");
    await importAt(t, w.ws, w.repo, w.head, [{ ...f, confidence: "high" }]);
    assert.equal((await get(w, "/api/v2/findings/F-1")).confidence, "high");
    assert.deepEqual(
      (await get(w, `${w.path}?confidence=high`)).items.map((i: any) => i.key),
      ["F-1"],
    );
  });
});

describe("folding duplicates", () => {
  const onKeysLine = { engine: "secrets", path: "config/keys.js" };
  const password = () => engineFinding({ ...onKeysLine, ruleId: "secrets.hardcoded-password", title: "Hard-coded password", severity: "high", cwe: [798] });
  const privateKey = () => engineFinding({ ...onKeysLine, ruleId: "secrets.private-key", title: "Private key block", severity: "critical", cwe: [798, 321] });

  test("the more severe finding on a line stays visible: a critical private key is not hidden behind a high password", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.head, [password(), privateKey()]);
    const key = await get(w, "/api/v2/findings/F-2");
    assert.equal(key.status, "open");
    assert.equal(key.duplicateOf, null);
    assert.deepEqual(key.related.duplicates, ["F-1"]);
    const pw = await get(w, "/api/v2/findings/F-1");
    assert.equal(pw.status, "duplicate");
    assert.equal(pw.duplicateOf, "F-2");
    const open = await get(w, `${w.path}?status=open`);
    assert.deepEqual(
      open.items.map((i: any) => [i.key, i.severity]),
      [["F-2", "critical"]],
    );
  });

  test("equal severities: the earliest stays visible", async () => {
    const w = await world();
    await importAt(t, w.ws, w.repo, w.head, [password(), { ...privateKey(), severity: "high" }]);
    assert.equal((await get(w, "/api/v2/findings/F-1")).status, "open");
    assert.equal((await get(w, "/api/v2/findings/F-2")).duplicateOf, "F-1");
  });

  test("an inbox that folded the critical under the high shows it again at the next report", async () => {
    const w = await world();
    const pw = password();
    const key = privateKey();
    await importAt(t, w.ws, w.repo, w.head, [pw, key]);
    // The fold as imports made it before: the critical a duplicate of the earlier high.
    const db = t.app.store.db;
    const ids = await db.selectFrom("findings").select(["id", "number"]).where("workspace_id", "=", w.ws.id).orderBy("number").execute();
    await db.updateTable("findings").set({ duplicate_of: null }).where("id", "=", ids[0]!.id).execute();
    await db.updateTable("findings").set({ duplicate_of: ids[0]!.id }).where("id", "=", ids[1]!.id).execute();
    await importAt(t, w.ws, w.repo, w.head, [pw, key]);
    assert.equal((await get(w, "/api/v2/findings/F-2")).status, "open");
    assert.equal((await get(w, "/api/v2/findings/F-1")).duplicateOf, "F-2");
  });
});
