// Registration, the repository list and the single-repository read (REST), with their limits.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AppError } from "../src/kernel/errors.ts";
import { registerRepository, repositoryView } from "../src/capabilities/repositories/index.ts";
import { json, startTestServer, unique, type TestServer, type TestWorkspace, expectError } from "./harness.ts";
import { readyRepository, sharedRemote } from "./fixtures/repositories.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer();
});
after(() => t.close());

function refused(code: string, path?: string) {
  return (e: AppError) => {
    assert.equal(e.code, code);
    if (path) assert.equal((e.details!.issues as Array<{ path: string }>)[0]!.path, path);
    return true;
  };
}

describe("registration", () => {
  let ws: TestWorkspace;
  before(async () => {
    ws = await t.workspace();
  });

  test("the full name defaults to the remote's last two path segments, for file:// and plain path remotes", async () => {
    const other = await t.workspace();
    const byUrl = await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url }, { background: false });
    const byPath = await registerRepository(t.app, { workspaceId: other.id, remote: sharedRemote(t).path + "/" }, { background: false });
    assert.equal(byUrl.full_name, "acme/widgets");
    assert.equal(byPath.full_name, "acme/widgets");
    assert.equal(byUrl.web_url, null);
  });

  test("409 conflict for a name already registered in the workspace, case-insensitively", async () => {
    await assert.rejects(registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: "ACME/Widgets" }), refused("conflict"));
  });

  test("another workspace may use the same name", async () => {
    const other = await t.workspace();
    const row = await registerRepository(t.app, { workspaceId: other.id, remote: sharedRemote(t).url, name: "Acme/Widgets" }, { background: false });
    assert.equal(row.full_name, "Acme/Widgets");
  });

  test("400 for remotes git must not be given: relative paths, helpers, options, unknown schemes", async () => {
    for (const remote of ["relative/path", "ext::sh -c touch% /tmp/pwned", "--upload-pack=touch /tmp/x", "ftp://host/a/b", "https://-oProxy/a/b", "a\nb"]) {
      await assert.rejects(registerRepository(t.app, { workspaceId: ws.id, remote }), refused("invalid_request", "remote"), remote);
    }
  });

  test("400 for a bad name, a part starting with -, a name with one segment and the reserved id form <digits>/-", async () => {
    for (const name of ["noslash", "a/b/c", "a b/c", "../x", "42/-", "-x/repo", "acme/--upload-pack"]) {
      await assert.rejects(registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name }), refused("invalid_request", "name"), name);
    }
    await assert.rejects(registerRepository(t.app, { workspaceId: ws.id, remote: "/single" }), refused("invalid_request", "name"));
  });

  test("400 for a default branch git would not accept", async () => {
    await assert.rejects(
      registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name: "a/bad-branch", defaultBranch: "a..b" }),
      refused("invalid_request", "defaultBranch"),
    );
  });

  test("credentials in the remote never reach the view; the web URL comes from host and path", async () => {
    const row = await registerRepository(
      t.app,
      { workspaceId: ws.id, remote: "https://bot:s3cr3t-token@git.example.test/team/service.git" },
      { background: false },
    );
    const view = repositoryView(row);
    assert.equal(view.fullName, "team/service");
    assert.equal(view.webUrl, "https://git.example.test/team/service");
    assert.doesNotMatch(JSON.stringify(view), /s3cr3t|bot:/);
    assert.deepEqual(view.mirror, { state: "pending", lastSyncedAt: null, lastAttemptAt: null });
    assert.equal(view.access, "unknown");
  });
});

describe("GET /repositories", () => {
  let ws: TestWorkspace;
  const names = ["beta/one", "Alpha/two", "alpha/one", "gamma/x", "Beta/two"];
  before(async () => {
    ws = await t.workspace();
    for (const name of names) await registerRepository(t.app, { workspaceId: ws.id, remote: sharedRemote(t).url, name }, { background: false });
    // Another workspace's repositories never show.
    await registerRepository(t.app, { workspaceId: (await t.workspace()).id, remote: sharedRemote(t).url, name: "aaa/hidden" }, { background: false });
  });

  test("200 with the workspace's repositories sorted by full name (case-insensitively) then id", async () => {
    const res = await t.request("/api/v2/repositories", { token: ws.token });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.deepEqual(
      body.items.map((r: any) => r.fullName),
      ["alpha/one", "Alpha/two", "beta/one", "Beta/two", "gamma/x"],
    );
    assert.equal(body.nextCursor, null);
    assert.deepEqual(Object.keys(body.items[0]).sort(), ["access", "connection", "defaultBranch", "fullName", "id", "mirror", "webUrl"]);
    assert.equal(body.items[0].connection, null, "not connected to a code host");
  });

  test("cursor pages walk the whole list once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(`/api/v2/repositories?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: ws.token });
      const body = await json(res);
      assert.ok(body.items.length <= 2);
      seen.push(...body.items.map((r: any) => r.fullName));
      cursor = body.nextCursor;
    } while (cursor);
    assert.deepEqual(seen, ["alpha/one", "Alpha/two", "beta/one", "Beta/two", "gamma/x"]);
  });

  test("400 for limit 0 and 101, a non-number limit and a bad cursor", async () => {
    for (const q of ["limit=0", "limit=101", "limit=ten", "cursor=nope", `cursor=${"a".repeat(2049)}`]) {
      const body = await expectError(await t.request(`/api/v2/repositories?${q}`, { token: ws.token }), 400, "invalid_request");
      assert.ok(Array.isArray(body.error.details.issues), q);
    }
  });

  test("limit 100 is accepted; an empty workspace lists nothing", async () => {
    const empty = await t.workspace();
    const res = await t.request("/api/v2/repositories?limit=100", { token: empty.token });
    assert.deepEqual(await json(res), { nextCursor: null, items: [] });
  });
});

describe("GET /repositories/{owner}/{repo}", () => {
  let ws: TestWorkspace;
  let id: number;
  let name: string;
  before(async () => {
    ws = await t.workspace();
    name = `${unique("Own")}/${unique("Repo")}`;
    id = (await readyRepository(t, ws, { name })).id;
  });

  test("200 by owner/name, matched case-insensitively, with a ready mirror", async () => {
    const res = await t.request(`/api/v2/repositories/${name.toLowerCase()}`, { token: ws.token });
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.id, id);
    assert.equal(body.fullName, name);
    assert.equal(body.defaultBranch, "main");
    assert.equal(body.access, "ok");
    assert.equal(body.mirror.state, "ready");
    assert.ok(body.mirror.lastSyncedAt);
    assert.equal(body.mirror.reason, undefined);
  });

  test("200 by numeric id as /repositories/{id}/-", async () => {
    const body = await json(await t.request(`/api/v2/repositories/${id}/-`, { token: ws.token }));
    assert.equal(body.fullName, name);
  });

  test("404 for another workspace's repository, by name and by id", async () => {
    const other = await t.workspace();
    await expectError(await t.request(`/api/v2/repositories/${name}`, { token: other.token }), 404, "not_found");
    await expectError(await t.request(`/api/v2/repositories/${id}/-`, { token: other.token }), 404, "not_found");
  });

  test("404 for unknown names and ids, also ids beyond the id range", async () => {
    await expectError(await t.request("/api/v2/repositories/nobody/nothing", { token: ws.token }), 404, "not_found");
    await expectError(await t.request("/api/v2/repositories/999999/-", { token: ws.token }), 404, "not_found");
    await expectError(await t.request("/api/v2/repositories/999999999999999/-", { token: ws.token }), 404, "not_found");
  });

  test("400 for malformed references: bad characters, id 0, a non-numeric owner with -, over-long segments", async () => {
    for (const path of ["a%20b/c", "0/-", "abc/-", `${"a".repeat(101)}/b`, "..%2F/x"]) {
      await expectError(await t.request(`/api/v2/repositories/${path}`, { token: ws.token }), 400, "invalid_request");
    }
  });

  test("REST only: not an MCP tool", async () => {
    const { operations } = await import("../src/server/operations.ts");
    assert.equal(operations.find((o) => o.id === "get_repository")?.mcp, false);
  });
});
