// Out-of-range numbers and NUL characters in ids, query values, body fields and decoded cursors are
// refused before any query reaches the store: 400 invalid_request or 404 not_found, the same on
// SQLite and PostgreSQL (whose 32-bit integer columns and text type refuse them with a 500 when
// they get through). Every operation of the table gets every field mangled one at a time, over
// REST and over MCP tools/call. The faces outside the table (OAuth endpoints, the web app's pages
// and forms) get the same NUL sweep in fuzz-inputs-faces.test.ts.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { operations } from "../src/server/operations.ts";
import { pathParams, type Operation } from "../src/kernel/operation.ts";
import { fixtures } from "./fixtures/index.ts";
import type { Call } from "./fixtures/types.ts";
import { expectError, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { mcpClient } from "./mcp-client.ts";

// Generous budgets: the point is what each request answers, not the rate limits.
const limits = ["ip", "mcp", "reads", "findings:write", "runs:estimate", "runs:write", "runs:manage", "documents", "shared"]
  .map((b) => `${b}=1000000/1m`)
  .join(",");

let t: TestServer;
let ws: TestWorkspace;
let client: Client;
const calls = new Map<string, Call>();

before(async () => {
  // Thousands of requests from this one process can hold its event loop past Redis's 700 ms command
  // timeout on a loaded machine, which the limiter rightly reports as 503 rate_limit_unavailable;
  // what is checked here is input validation, so Redis gets ample time.
  t = await startTestServer({ env: { CRS_RATE_LIMITS: limits, CRS_REDIS_COMMAND_TIMEOUT_MS: "10000" } });
  ws = await t.workspace();
  for (const op of operations) calls.set(op.id, await fixtures[op.id]!(t, ws));
  client = await mcpClient(t.url, ws.token);
});
after(async () => {
  await client?.close();
  await t.close();
});

const maxInt = 2 ** 31 - 1;
/** Values that are out of a 32-bit range, not integers, or carry NUL; numbers travel as JSON numbers where JSON allows. */
const hostile: unknown[] = [
  maxInt + 1,
  999_999_999_999_999,
  -1,
  0,
  String(maxInt + 1),
  "999999999999999",
  "1e309",
  "\u0000",
  "%00",
  "F-2147483648",
  "x".repeat(5000),
  // For list fields (finding refs, document ids, focuses, scope globs).
  [maxInt + 1],
  ["\u0000"],
  { "\u0000": 1 },
];

/** Codes a refused hostile value may answer with: anything a caller can act on, never internal_error. */
const acceptable = new Set([
  "invalid_request",
  "not_found",
  "conflict",
  "forbidden",
  "position_unavailable",
  "repository_required",
  "nothing_to_review",
  "change_refused",
  "quote_stale",
  "decision_active",
  "price_exceeds_max",
  "repository_not_runnable",
  "idempotency_key_reused",
]);

/** The REST request for `op` with the fixture's valid values and `field` set to `value`. */
function restRequest(op: Operation, call: Call, field: string, value: unknown): { url: string; init: RequestInit } {
  const params = pathParams(op.path);
  let path = op.path;
  for (const p of params) {
    const v = p === field ? value : call.path?.[p];
    // A literal %00 in the path decodes to NUL on the server.
    const segment = typeof v === "string" && v === "%00" ? v : encodeURIComponent(String(v ?? "x"));
    path = path.replace(`{${p}}`, segment);
  }
  const query = new URLSearchParams(call.query ?? {});
  const body: Record<string, unknown> = { ...(call.body as Record<string, unknown> | undefined) };
  if (!params.includes(field)) {
    if (op.method === "GET" || op.queryFields?.includes(field)) query.set(field, String(value));
    else body[field] = value;
  }
  const init: RequestInit = { method: op.method, headers: { authorization: `Bearer ${ws.token}` } };
  if (op.method !== "GET") {
    // JSON cannot carry 1e309 as a number from JSON.stringify, but a parser reads it (as Infinity).
    init.body = JSON.stringify(body).replace('"1e309"', "1e309");
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  return { url: `/api/v2${path}?${query}`, init };
}

/**
 * Why the answer is wrong, or undefined: a 5xx, an unexpected code, not the spec's error body, or
 * (when the request carries NUL anywhere) anything but 400 invalid_request.
 */
async function restFault(res: Response, what: string, nul: boolean): Promise<string | undefined> {
  const text = await res.text();
  const fault = `${what} → ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 500 || (nul && res.status !== 400)) return fault;
  if (res.status < 400) return undefined;
  const body = JSON.parse(text);
  const specBody = acceptable.has(body.error?.code) && typeof body.error.message === "string" && body.requestId === res.headers.get("x-request-id");
  return specBody && (!nul || body.error.code === "invalid_request") ? undefined : fault;
}

const carriesNul = (text: string) => text.includes("\u0000") || text.includes("\\u0000");

/** MCP args: the fixture's valid values (path, query and body alike) with `field` set to `value`. */
function mcpArgs(call: Call, field: string, value: unknown): Record<string, unknown> {
  return { ...call.path, ...call.query, ...(call.body as Record<string, unknown> | undefined), [field]: value };
}

/**
 * Why a tool call's answer is wrong, or undefined: internal_error, a JSON-RPC internal error, or
 * (when the arguments carry NUL anywhere) anything but an invalid_request error result.
 */
async function toolFault(name: string, args: Record<string, unknown>, what: string): Promise<string | undefined> {
  const nul = carriesNul(JSON.stringify(args));
  let r: Awaited<ReturnType<typeof client.callTool>>;
  try {
    r = await client.callTool({ name, arguments: args });
  } catch (err) {
    // A JSON-RPC error is acceptable only when it blames the params, never an internal failure.
    return nul || (err as { code?: number }).code === -32603 ? `${what}: ${String(err).slice(0, 200)}` : undefined;
  }
  const text = (r.content as Array<{ text: string }>).at(-1)!.text;
  if (!r.isError) return nul ? `${what}: accepted ${text.slice(0, 200)}` : undefined;
  const code = JSON.parse(text).error?.code;
  return acceptable.has(code) && (!nul || code === "invalid_request") ? undefined : `${what}: ${text.slice(0, 200)}`;
}

/**
 * Runs `each` over the cases: reads a few at a time; the cases of an operation that changes
 * something one after another (so they cannot race each other), beside those of other operations,
 * which act on resources of their own.
 */
async function sweep<T extends { op: Operation }>(cases: T[], each: (c: T) => Promise<void>): Promise<void> {
  const lane = async (queue: T[], width: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < queue.length) await each(queue[next++]!);
      }),
    );
  };
  const changes = Map.groupBy(
    cases.filter((c) => !c.op.readOnly),
    (c) => c.op.id,
  );
  await Promise.all([
    lane(
      cases.filter((c) => c.op.readOnly),
      6,
    ),
    ...[...changes.values()].map((queue) => lane(queue, 1)),
  ]);
}

/** Collects every fault of a sweep, so one run reports them all. */
function faults(): { add(f: string | undefined): void; check(): void } {
  const list: string[] = [];
  return { add: (f) => void (f && list.push(f)), check: () => assert.deepEqual(list, []) };
}

/** One hostile value in one field of one operation; REST cases that send the same request are kept once. */
function fieldCases(ops: readonly Operation[], rest: boolean): Array<{ op: Operation; field: string; value: unknown }> {
  const seen = new Set<string>();
  const out: Array<{ op: Operation; field: string; value: unknown }> = [];
  for (const op of ops) {
    for (const field of Object.keys(op.input.shape)) {
      // "%00" and "1e309" mean something only in a URL or a JSON body text.
      for (const value of rest ? hostile : hostile.filter((v) => v !== "%00" && v !== "1e309")) {
        const key = rest ? JSON.stringify(restRequest(op, calls.get(op.id)!, field, value)) : "";
        if (rest && seen.has(key)) continue;
        seen.add(key);
        out.push({ op, field, value });
      }
    }
  }
  return out;
}

test("every field of every operation, set to an out-of-range number or NUL, is refused with 4xx over REST", async () => {
  const found = faults();
  const cases = fieldCases(operations, true);
  const run = async ({ op, field, value }: (typeof cases)[number]) => {
    const { url, init } = restRequest(op, calls.get(op.id)!, field, value);
    const nul = decodeURIComponent(url).includes("\u0000") || carriesNul(String(init.body ?? ""));
    found.add(await restFault(await t.request(url, init), `${op.id} ${field}=${JSON.stringify(value).slice(0, 30)}`, nul));
  };
  await sweep(cases, run);
  found.check();
});

test("every field of every MCP tool, set to an out-of-range number or NUL, gives a result or a 4xx error, never internal_error", async () => {
  const found = faults();
  const cases = fieldCases(
    operations.filter((o) => o.mcp),
    false,
  );
  const run = async ({ op, field, value }: (typeof cases)[number]) => {
    found.add(await toolFault(op.id, mcpArgs(calls.get(op.id)!, field, value), `${op.id} ${field}=${JSON.stringify(value).slice(0, 30)}`));
  };
  await sweep(cases, run);
  found.check();
});

// Every cursor shape's keys with harmless values; each case spoils one key. Any spoiled value is
// refused, also in a key the operation's cursor does not use.
const cursorBase = { v: 1, a: 1, b: 1, i: 1, n: 1, r: 1, u: "a", k: "a", s: "a", t: "2020-01-01T00:00:00.000Z", at: "default" };
const cursorHostile: unknown[] = [maxInt + 1, 1.5, "a\u0000b"];
const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const rawCursors = ["\u0000", "%00", "x".repeat(5000), encode("a"), encode({ v: 2, b: 1 }), encode({ ...cursorBase, u: { "\u0000": 1 } })];
const cursors = [
  ...rawCursors,
  ...Object.keys(cursorBase)
    .filter((k) => k !== "v")
    .flatMap((k) => cursorHostile.map((h) => encode({ ...cursorBase, [k]: h }))),
];

test("decoded cursors with out-of-range numbers or NUL are refused with 400 invalid_request over REST and MCP", async () => {
  const found = faults();
  const cases = operations.filter((o) => "cursor" in o.input.shape).flatMap((op) => cursors.map((cursor) => ({ op, cursor })));
  await sweep(cases, async ({ op, cursor }) => {
    const call = calls.get(op.id)!;
    const what = `${op.id} cursor ${JSON.stringify(Buffer.from(cursor, "base64url").toString()).slice(0, 80)}`;
    const { url, init } = restRequest(op, call, "cursor", cursor);
    const res = await t.request(url, init);
    const text = await res.text();
    if (res.status !== 400 || JSON.parse(text).error?.code !== "invalid_request") found.add(`${what} → ${res.status} ${text.slice(0, 200)}`);
    if (!op.mcp) return;
    const r = await client.callTool({ name: op.id, arguments: mcpArgs(call, "cursor", cursor) });
    const body = (r.content as Array<{ text: string }>).at(-1)!.text;
    if (!r.isError || JSON.parse(body).error?.code !== "invalid_request") found.add(`MCP ${what}: ${body.slice(0, 200)}`);
  });
  found.check();
});

test("the cursors named in the issue answer 400 invalid_request on both faces", async () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ["list_documents", { v: 1, b: maxInt + 1 }],
    ["list_documents", { v: 1, b: 999_999_999_999_999 }],
    ["list_members", { v: 1, u: "a\u0000", i: 1 }],
    ["list_members", { v: 1, u: "a", i: maxInt + 1 }],
    ["list_repositories", { v: 1, k: "a\u0000", i: 1 }],
    ["list_repositories", { v: 1, k: "a", i: 999_999_999_999_999 }],
  ];
  for (const [id, payload] of cases) {
    const op = operations.find((o) => o.id === id)!;
    const res = await t.request(`/api/v2${op.path}?cursor=${encode(payload)}`, { token: ws.token });
    const body = await expectError(res, 400, "invalid_request");
    assert.deepEqual(body.error.details.issues, [{ path: "cursor", message: "invalid cursor" }]);
    const r = await client.callTool({ name: id, arguments: { cursor: encode(payload) } });
    assert.equal(r.isError, true, `${id} ${JSON.stringify(payload)}`);
    assert.equal(JSON.parse((r.content as Array<{ text: string }>).at(-1)!.text).error.code, "invalid_request");
  }
});

test("ids beyond the 32-bit range name nothing: 404 not_found, like a missing id, on both faces", async () => {
  for (const id of [String(maxInt + 1), "999999999999999"]) {
    await expectError(await t.request(`/api/v2/documents/${id}`, { token: ws.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/documents/${id}`, { method: "DELETE", token: ws.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/runs/${id}`, { token: ws.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/runs/${id}/findings`, { token: ws.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/runs/${id}/cancel`, { method: "POST", token: ws.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/repositories/${id}/-`, { token: ws.token }), 404, "not_found");
    for (const ref of [id, `F-${id}`]) {
      await expectError(await t.request(`/api/v2/findings/${ref}`, { token: ws.token }), 404, "not_found");
      await expectError(
        await t.request(`/api/v2/findings/${ref}`, { method: "PATCH", token: ws.token, json: { status: "investigating", reason: "x" } }),
        404,
        "not_found",
      );
      await expectError(await t.request(`/api/v2/findings/${ref}/comments`, { method: "POST", token: ws.token, json: { body: "x" } }), 404, "not_found");
      await expectError(
        await t.request("/api/v2/findings", { method: "PATCH", token: ws.token, json: { findings: [ref], severity: "low" } }),
        404,
        "not_found",
      );
    }
    const tools = [
      ["archive_document", { document: id }],
      ["get_run", { run: Number(id) }],
      ["cancel_run", { run: id }],
      ["list_run_findings", { run: Number(id) }],
      ["get_finding", { finding: `F-${id}` }],
      ["update_findings", { findings: [Number(id)], severity: "low" }],
    ] as const;
    for (const [name, args] of tools) {
      const r = await client.callTool({ name, arguments: args });
      assert.equal(r.isError, true, `${name} ${id}`);
      assert.equal(JSON.parse((r.content as Array<{ text: string }>).at(-1)!.text).error.code, "not_found", `${name} ${id}`);
    }
  }
});

test("the server still answers normally afterwards", async () => {
  assert.equal((await t.request("/api/v2/me", { token: ws.token })).status, 200);
});
