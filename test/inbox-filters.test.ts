// The inbox lists' q, rule, path, language and sort parameters on the workspace list and a
// repository's list, REST, MCP and CLI flags alike: each bad value is a 400 with details.issues,
// results match, and cursors walk every sort without a gap or a repeat.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RepositoryRow } from "../src/capabilities/repositories/index.ts";
import { engineFinding, importAt } from "./fixtures/findings.ts";
import { readyRepository } from "./fixtures/repositories.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { mcpClient } from "./mcp-client.ts";

let t: TestServer;
let ws: TestWorkspace;
let repos: RepositoryRow[];
let client: Client;
const severities = ["info", "low", "medium", "high", "critical"] as const;

before(async () => {
  t = await startTestServer();
  ws = await t.workspace();
  repos = [await readyRepository(t, ws), await readyRepository(t, ws)];
  for (const [i, repo] of repos.entries()) {
    const sha = (await t.app.mirrors.get(repo.id).listRefs()).branch("main")!.sha;
    const findings = [
      engineFinding({ path: "src/app.py", line: 3, title: "Command injection", ruleId: "py.command-injection", severity: "high" }),
      engineFinding({ path: "src/db/query.py", line: 9, title: "SQL built from input", ruleId: "py.sql-injection", severity: "critical" }),
      engineFinding({ path: "web/app.ts", line: 1, title: "Open redirect", ruleId: "ts.open-redirect", severity: "medium" }),
      engineFinding({ path: "web/view.tsx", line: 7, title: "Raw HTML", ruleId: "ts.dangerous-html", severity: "low", description: "Uses 100%_of input" }),
      engineFinding({ path: "src/100%_done.go", line: 2, title: "Weak hash", ruleId: "go.weak-hash", severity: "info" }),
      engineFinding({ path: "README", line: 1, title: "Secret in docs", ruleId: "secrets.generic", severity: severities[i + 2] }),
    ];
    await importAt(t, ws, repo, sha, findings);
  }
  client = await mcpClient(t.url, ws.token);
});
after(async () => {
  await client?.close();
  await t?.close();
});

const list = async (query: string, repo?: RepositoryRow) => {
  const base = repo ? `/api/v2/repositories/${repo.id}/-/findings` : "/api/v2/findings";
  const res = await t.request(`${base}?${query}`, { token: ws.token });
  assert.equal(res.status, 200, `${query}: ${res.status}`);
  return json(res);
};
const titles = (body: { items: { title: string }[] }) => [...new Set(body.items.map((i) => i.title))].sort();

test("q matches title, rule id, path and description in any case; % and _ are plain characters", async () => {
  assert.deepEqual(titles(await list("q=SQL")), ["SQL built from input"]);
  assert.deepEqual(titles(await list("q=open-REDIRECT")), ["Open redirect"]);
  assert.deepEqual(titles(await list("q=db%2Fquery")), ["SQL built from input"]);
  assert.deepEqual(titles(await list("q=100%25_")), ["Raw HTML", "Weak hash"]);
  assert.deepEqual(titles(await list("q=%25")), ["Raw HTML", "Weak hash"]);
  assert.deepEqual(titles(await list("q=_")), ["Weak hash", "Raw HTML"].sort());
  assert.equal((await list("q=no-such-text")).total, 0);
});

test("rule, path prefix and language select, combine with each other and with severity, and on a repository's list", async () => {
  const both = await list("rule=py.sql-injection,go.weak-hash");
  assert.deepEqual(titles(both), ["SQL built from input", "Weak hash"]);
  assert.equal(both.total, 4);
  assert.deepEqual(titles(await list("path=src/db/")), ["SQL built from input"]);
  assert.deepEqual(titles(await list("path=src/")), ["Command injection", "SQL built from input", "Weak hash"]);
  assert.deepEqual(titles(await list("path=Src/")), []);
  assert.deepEqual(titles(await list("language=tsx")), ["Raw HTML"]);
  assert.deepEqual(titles(await list("language=python,typescript")), ["Command injection", "Open redirect", "SQL built from input"]);
  const combined = await list("language=python&path=src/&severity=critical&q=input", repos[0]);
  assert.deepEqual(titles(combined), ["SQL built from input"]);
  assert.equal(combined.total, 1);
  // Counts apply the new filters (and not status or severity).
  assert.deepEqual(combined.counts.severity, { critical: 1, high: 1 });
});

test("each sort orders the list: newest by key, severity most severe first, path by path and line", async () => {
  const newest = (await list("limit=100")).items;
  const numbers = newest.map((i: { key: string }) => Number(i.key.slice(2)));
  assert.deepEqual(
    numbers,
    [...numbers].sort((a, b) => b - a),
  );
  const bySeverity = (await list("sort=severity&limit=100")).items.map((i: { severity: string }) => severities.indexOf(i.severity as never));
  assert.deepEqual(
    bySeverity,
    [...bySeverity].sort((a, b) => b - a),
  );
  const byPath = (await list("sort=path&limit=100")).items.map((i: { location: { path: string; startLine: number } }) => i.location.path);
  assert.deepEqual(
    byPath,
    [...byPath].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
});

test("cursors walk every sort on both lists without a gap or a repeat, keeping their order", async () => {
  for (const repo of [undefined, repos[1]]) {
    for (const sort of ["newest", "severity", "path"]) {
      const all = (await list(`sort=${sort}&limit=100`, repo)).items.map((i: { id: number; repository: { id: number } }) => `${i.id}/${i.repository.id}`);
      const walked: string[] = [];
      let body = await list(`sort=${sort}&limit=2`, repo);
      for (;;) {
        walked.push(...body.items.map((i: { id: number; repository: { id: number } }) => `${i.id}/${i.repository.id}`));
        if (!body.nextCursor) break;
        // A later page asked with another sort still continues in the cursor's order.
        body = await list(`sort=newest&limit=2&cursor=${body.nextCursor}`, repo);
      }
      assert.deepEqual(walked, all, `${sort} ${repo ? "repository" : "workspace"}`);
    }
  }
});

const bad: [string, string][] = [
  ["q=", "q"],
  [`q=${"x".repeat(201)}`, "q"],
  ["q=a%01b", "q"],
  ["rule=", "rule"],
  [`rule=${Array.from({ length: 21 }, (_, i) => `r${i}`).join(",")}`, "rule"],
  [`rule=${"r".repeat(201)}`, "rule"],
  ["path=", "path"],
  [`path=${"p".repeat(1025)}`, "path"],
  ["language=cobol", "language"],
  ["language=", "language"],
  ["sort=oldest", "sort"],
  ["sort=", "sort"],
];

test("each bad value answers 400 invalid_request naming the field, on both lists and over MCP", async () => {
  for (const [query, field] of bad) {
    for (const base of ["/api/v2/findings", `/api/v2/repositories/${repos[0]!.id}/-/findings`]) {
      const body = await expectError(await t.request(`${base}?${query}`, { token: ws.token }), 400, "invalid_request");
      assert.ok(
        body.error.details.issues.some((i: { path: string }) => i.path.startsWith(field)),
        `${query}: ${JSON.stringify(body.error.details)}`,
      );
    }
  }
  for (const args of [{ q: "" }, { rule: Array(21).fill("r") }, { path: "p".repeat(1025) }, { language: ["cobol"] }, { sort: "oldest" }]) {
    const r = await client.callTool({ name: "list_findings", arguments: args });
    assert.equal(r.isError, true, JSON.stringify(args));
    assert.equal(JSON.parse((r.content as Array<{ text: string }>).at(-1)!.text).error.code, "invalid_request");
  }
  const ok = await client.callTool({ name: "list_findings", arguments: { q: "sql", language: ["python"], sort: "severity" } });
  assert.notEqual(ok.isError, true);
  assert.deepEqual(
    (ok.structuredContent as { items: { title: string }[] }).items.map((i) => i.title),
    ["SQL built from input", "SQL built from input"],
  );
});

test("the crs client's findings list takes the same flags and answers what REST answers; a bad value exits 1", async () => {
  const { testClient } = await import("./fixtures/client.ts");
  const c = testClient(t.url, ws.token);
  const args = ["--q", "input", "--language", "python", "--path", "src/", "--rule", "py.sql-injection,py.command-injection", "--sort", "severity"];
  const got = await c.run(["findings", "list", ...args, "--json"]);
  assert.equal(got.code, 0, got.err);
  const rest = await list("q=input&language=python&path=src/&rule=py.sql-injection,py.command-injection&sort=severity");
  assert.deepEqual(
    JSON.parse(got.out).items.map((i: { id: number }) => i.id),
    rest.items.map((i: { id: number }) => i.id),
  );
  assert.equal(rest.items.length, 4);
  const bad = await c.run(["findings", "list", "--language", "cobol"]);
  assert.equal(bad.code, 1, bad.err);
});

test("focus lists the findings a run with that focus reported, in this workspace only; a focus no run used lists none", async () => {
  const { putFocus } = await import("../src/capabilities/focuses/index.ts");
  const { startRun } = await import("../src/capabilities/runs/index.ts");
  const { importFindings } = await import("../src/capabilities/findings/index.ts");
  const focused = async (w: TestWorkspace, repo: RepositoryRow, title: string) => {
    await putFocus(t.app.store, w.id, { slug: "authz", title: "Authorization", instructions: "Look at who may do what." });
    const { addCredits } = await import("../src/capabilities/runs/index.ts");
    await addCredits(t.app.store, w.id, { kind: "grant", cents: 100_000 });
    const sha = (await t.app.mirrors.get(repo.id).listRefs()).branch("main")!.sha;
    const { run } = await startRun(
      t.app,
      { workspaceId: w.id, userId: w.userId, trigger: "api", baseUrl: t.url },
      { repository: repo.id, at: `commit:${sha}`, maxPriceCents: 100_000, focuses: ["authz"] },
    );
    const finding = engineFinding({ path: "src/auth.py", line: 4, title, ruleId: "py.missing-authz", severity: "high" });
    await importFindings(
      t.app.store,
      { id: run.id, workspaceId: w.id },
      [{ repositoryId: repo.id, sha, full: true, findings: [finding] }],
      {
        maxNew: 1000,
        now: new Date(),
      },
      async () => {},
    );
  };
  const other = await t.workspace();
  await focused(other, await readyRepository(t, other), "Elsewhere");
  await focused(ws, repos[0]!, "Missing check");
  assert.deepEqual(titles(await list("focus=authz")), ["Missing check"]);
  assert.deepEqual(titles(await list("focus=authz", repos[1])), []);
  assert.equal((await list("focus=perf")).total, 0);
});
