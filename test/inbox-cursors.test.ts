// A tampered inbox cursor whose pinned time is not a time the server wrote is refused with 400
// invalid_request, on the workspace inbox and a repository's list, REST and MCP alike; a cursor
// the server handed out keeps working.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { mcpClient } from "./mcp-client.ts";
import { readyRepository } from "./fixtures/repositories.ts";

let t: TestServer;
let ws: TestWorkspace;
let client: Client;
let repoPath: string;
before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  const repo = await readyRepository(t, ws);
  repoPath = `/api/v2/repositories/${repo.id}/-/findings`;
  client = await mcpClient(t.url, ws.token);
});
after(async () => {
  await client.close();
  await t.close();
});

const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const badTimes = ["not a date", "2026-02-30T00:00:00.000Z", "2026-01-01", "2026-01-01T00:00:00Z", "9999999"];

test("a cursor with a time that is not one answers 400 invalid_request on both list operations and both faces", async () => {
  for (const tt of badTimes) {
    const inbox = encode({ v: 1, t: tt, n: 1, r: 1 });
    const body = await expectError(await t.request(`/api/v2/findings?cursor=${inbox}`, { token: ws.token }), 400, "invalid_request");
    assert.deepEqual(body.error.details.issues, [{ path: "cursor", message: "invalid cursor" }]);
    const atRepo = encode({ v: 1, at: "default", t: tt, n: 1 });
    await expectError(await t.request(`${repoPath}?cursor=${atRepo}`, { token: ws.token }), 400, "invalid_request");
    const r = await client.callTool({ name: "list_findings", arguments: { cursor: inbox } });
    assert.equal(r.isError, true, tt);
    assert.equal(JSON.parse((r.content as Array<{ text: string }>).at(-1)!.text).error.code, "invalid_request");
  }
});

test("a cursor with the time the server writes is accepted", async () => {
  const res = await t.request(`/api/v2/findings?cursor=${encode({ v: 1, t: new Date().toISOString(), n: 1, r: 1 })}`, { token: ws.token });
  assert.equal(res.status, 200);
  assert.deepEqual((await json(res)).items, []);
});
