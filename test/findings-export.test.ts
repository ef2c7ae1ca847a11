// Exports of the findings lists (format=sarif|csv, Accept: application/sarif+json) over REST and the
// `crs` client: SARIF validated by the engine's own validator (the official 2.1.0 schema), triage as
// suppressions, baselineState at a change position, the 20,000 cap. Real repositories, the in-process
// worker and the real engine.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { officialValidator, skipWithoutSchema as skip, validationErrors } from "../src/review/testing/sarif-schema.ts";
import { expectError, json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { readyRepository, repositoryOf } from "./fixtures/repositories.ts";
import { engineFinding } from "./fixtures/findings.ts";
import { importFindings } from "../src/capabilities/findings/import.ts";
import { addCredits } from "../src/capabilities/runs/ledger.ts";
import { startRun } from "../src/capabilities/runs/start.ts";
import { finished, startedRun } from "./fixtures/worker.ts";
import { testClient } from "./fixtures/client.ts";
import { mcpClient } from "./mcp-client.ts";
import { operations } from "../src/server/operations.ts";

let t: TestServer;
before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50", CRS_LOG_LEVEL: "silent" } });
});
after(() => t.close());

const weak = (pad = 0) => `${"# note\n".repeat(pad)}import hashlib\n\n\ndef digest(b):\n    return hashlib.md5(b).hexdigest()\n`;
const strong = "import hashlib\n\n\ndef digest(b):\n    return hashlib.sha256(b).hexdigest()\n";

interface World {
  ws: TestWorkspace;
  remote: TestRepo;
  repoId: number;
  path: string;
  fullRun: number;
  changeRun: number;
  /** Finding keys by the file they are in. */
  key: Record<string, string>;
}

async function review(ws: TestWorkspace, repoId: number, input: { change?: { branch: string; since?: string } }) {
  const run = await finished(t, ws.token, (await startedRun(t, ws, { repository: repoId, ...input })).id);
  assert.equal(run.state, "complete", JSON.stringify(run.error));
  return run;
}

const get = (w: { ws: TestWorkspace }, path: string, headers: Record<string, string> = {}) => t.request(`/api/v2${path}`, { token: w.ws.token, headers });
const patch = (w: World, path: string, body: unknown) => t.request(`/api/v2${path}`, { method: "PATCH", token: w.ws.token, json: body });

/** main: three weak hashes (old, two, three), fully reviewed; topic/x adds one (extra) and fixes two's. */
async function world(): Promise<World> {
  const ws = await t.workspace();
  const remote = makeRepo();
  t.app.onClose(() => remote.cleanup());
  remote.git(["checkout", "-q", "main"]);
  remote.commit({ "src/old.py": weak(), "src/two.py": weak(1), "src/three.py": weak(2) }, { branch: "main", message: "base" });
  remote.commit({ "src/extra.py": weak(), "src/two.py": strong }, { branch: "topic/x", message: "extra, fix two" });
  remote.git(["checkout", "-q", "main"]);
  const row = await readyRepository(t, ws, { remote: remote.url });
  const full = await review(ws, row.id, {});
  const change = await review(ws, row.id, { change: { branch: "topic/x" } });
  const w: World = { ws, remote, repoId: row.id, path: `/repositories/${row.id}/-/findings`, fullRun: full.id, changeRun: change.id, key: {} };
  const listed = await json(await get(w, `${w.path}?at=branch:topic/x`));
  for (const i of listed.items) w.key[i.location.path.replace(/^src\/|\.py$/g, "")] = i.key;
  assert.deepEqual(Object.keys(w.key).sort(), ["extra", "old", "three", "two"]);
  return w;
}

/** The SARIF answer: status 200, the SARIF media type, and valid under the official schema. */
async function sarifOf(res: Response): Promise<any> {
  const text = await res.text();
  assert.equal(res.status, 200, text);
  assert.match(res.headers.get("content-type") ?? "", /^application\/sarif\+json/);
  const sarif = JSON.parse(text);
  const validate = officialValidator();
  assert.equal(validate(sarif), true, validationErrors(validate));
  return sarif;
}

const byKey = (sarif: any) => new Map<string, any>(sarif.runs.flatMap((r: any) => r.results).map((r: any) => [r.properties.key, r]));

describe("SARIF and CSV exports of the findings lists", () => {
  let w: World;
  before(async () => {
    w = await world();
  });

  test("a change review's run findings as SARIF: valid, with fingerprints, rule help, CWE tags, security-severity, rank and baselineState new", {
    skip,
  }, async () => {
    const sarif = await sarifOf(await get(w, `/runs/${w.changeRun}/findings?format=sarif`));
    assert.equal(sarif.version, "2.1.0");
    const run = sarif.runs[0];
    assert.equal(run.properties.run, w.changeRun);
    assert.deepEqual(
      run.results.map((r: any) => [r.properties.key, r.baselineState, r.locations[0].physicalLocation.artifactLocation.uri]),
      [[w.key.extra, "new", "src/extra.py"]],
    );
    const result = run.results[0];
    assert.match(result.partialFingerprints.primaryLocationLineHash, /^[0-9a-f]{16}:1$/);
    assert.equal(result.rank, { high: 90, medium: 60, low: 30 }[result.properties.confidence as string]);
    assert.equal(result.hostedViewerUri, `${t.url}/app/findings/${w.key.extra}`);
    const rule = run.tool.driver.rules[result.ruleIndex];
    assert.equal(rule.id, result.ruleId);
    assert.ok(rule.properties.tags.includes("external/cwe/cwe-328"), JSON.stringify(rule.properties.tags));
    assert.equal(rule.properties["security-severity"], "5.5");
    assert.match(rule.help.markdown, /SHA-256|sha256/i);
  });

  test("a change position as SARIF: new, unchanged, and absent for the base finding the change fixed", { skip }, async () => {
    const sarif = await sarifOf(await get(w, `${w.path}?at=branch:topic/x&format=sarif`));
    const results = byKey(sarif);
    assert.deepEqual(
      [w.key.extra, w.key.old, w.key.three, w.key.two].map((k) => [results.get(k!)?.baselineState, results.get(k!)?.properties.status]),
      [
        ["new", "open"],
        ["unchanged", "open"],
        ["unchanged", "open"],
        ["absent", "fixed"],
      ],
    );
    assert.equal(sarif.runs[0].properties.at.startsWith("branch:topic/x@"), true);
  });

  test("new=true narrows the export as it narrows the list", { skip }, async () => {
    const sarif = await sarifOf(await get(w, `${w.path}?at=branch:topic/x&new=true&format=sarif`));
    assert.deepEqual([...byKey(sarif).keys()], [w.key.extra]);
  });

  test("triage reads as suppressions with the reason as justification; a full review's position has no baselineState", { skip }, async () => {
    let res = await patch(w, `/findings/${w.key.old}`, { status: "false-positive", reason: "test fixture, never deployed" });
    assert.equal(res.status, 200, await res.text());
    res = await patch(w, `/findings/${w.key.three}`, { status: "wont-fix", reason: "legacy checksum, not security" });
    assert.equal(res.status, 200, await res.text());
    res = await patch(w, `/findings/${w.key.two}`, { dismissed: true, reason: "vendored copy" });
    assert.equal(res.status, 200, await res.text());
    const shown = byKey(await sarifOf(await get(w, `${w.path}?format=sarif`)));
    assert.deepEqual(shown.get(w.key.old!).suppressions, [
      { kind: "external", status: "accepted", justification: "test fixture, never deployed", properties: { triage: "false-positive" } },
    ]);
    assert.deepEqual(shown.get(w.key.three!).suppressions, [
      { kind: "external", status: "accepted", justification: "legacy checksum, not security", properties: { triage: "wont-fix" } },
    ]);
    assert.ok(!shown.has(w.key.two!), "dismissed findings stay hidden unless dismissed=true");
    for (const r of shown.values()) assert.equal(r.baselineState, undefined);
    const dismissed = byKey(await sarifOf(await get(w, `${w.path}?format=sarif&dismissed=true`)));
    assert.deepEqual(dismissed.get(w.key.two!).suppressions, [
      { kind: "external", status: "accepted", justification: "vendored copy", properties: { triage: "dismissed" } },
    ]);
    res = await patch(w, `/findings/${w.key.two}`, { dismissed: false });
    assert.equal(res.status, 200, await res.text());
  });

  test("Accept: application/sarif+json on GET /findings answers SARIF, one run per repository", { skip }, async () => {
    const sarif = await sarifOf(await get(w, "/findings", { accept: "application/sarif+json" }));
    assert.equal(sarif.runs.length, 1);
    assert.equal(sarif.runs[0].properties.at, "default");
    const listed = await json(await get(w, "/findings?limit=100"));
    assert.deepEqual(
      sarif.runs[0].results.map((r: any) => r.properties.key),
      listed.items.map((i: any) => i.key),
    );
    // q values count: JSON preferred over SARIF answers JSON, q=0 refuses SARIF; the answer varies by Accept.
    const preferJson = await get(w, "/findings?limit=100", { accept: "application/sarif+json;q=0.5, application/json" });
    assert.match(preferJson.headers.get("content-type") ?? "", /^application\/json/);
    assert.match(preferJson.headers.get("vary") ?? "", /Accept/);
    assert.deepEqual((await json(preferJson)).items, listed.items);
    const refused = await get(w, "/findings?limit=100", { accept: "application/sarif+json;q=0" });
    assert.match(refused.headers.get("content-type") ?? "", /^application\/json/);
    await refused.body?.cancel();
    // format=json wins over the Accept alias; without either, the JSON list as before.
    const asJson = await get(w, "/findings?format=json&limit=100", { accept: "application/sarif+json" });
    assert.match(asJson.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual((await json(asJson)).items, listed.items);
  });

  test("format=csv: a header row, one row per finding, RFC 4180 line ends, text/csv", async () => {
    const res = await get(w, `${w.path}?at=branch:topic/x&format=csv`);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
    const lines = text.split("\r\n");
    assert.equal(lines.pop(), "");
    assert.equal(lines[0], "key,severity,confidence,status,rule,title,repository,path,line,cwe,baseline,webUrl");
    const extra = lines.find((l) => l.startsWith(`${w.key.extra},`))!.split(",");
    assert.deepEqual([extra[7], extra[8], extra[9], extra[10], extra[11]], ["src/extra.py", "5", "CWE-328", "new", `${t.url}/app/findings/${w.key.extra}`]);
    assert.equal(lines.length, 5);
  });

  test("an unknown format is 400 invalid_request naming format, and the list reads the same after it", async () => {
    const before = await json(await get(w, `${w.path}?at=branch:topic/x`));
    for (const path of [`${w.path}?format=xml`, "/findings?format=SARIF", `/runs/${w.changeRun}/findings?format=`]) {
      const err = await expectError(await get(w, path), 400, "invalid_request");
      assert.equal(err.error.details.issues[0].path, "format", path);
    }
    const afterwards = await json(await get(w, `${w.path}?at=branch:topic/x`));
    assert.deepEqual({ ...afterwards, asOf: null }, { ...before, asOf: null });
  });

  test("MCP tools take no format: their input schemas are unchanged and a format argument is not SARIF", async () => {
    const client = await mcpClient(t.url, w.ws.token);
    try {
      const { tools } = await client.listTools();
      for (const name of ["list_findings", "list_repository_findings", "list_run_findings"]) {
        const tool = tools.find((x) => x.name === name)!;
        assert.equal("format" in (tool.inputSchema.properties ?? {}), false, name);
      }
      const listed = await client.callTool({ name: "list_run_findings", arguments: { run: w.changeRun, format: "sarif" } });
      assert.equal((listed.structuredContent as any).items[0].key, w.key.extra);
    } finally {
      await client.close();
    }
  });

  test("every operation that declares other formats has an exporter for each: the three findings lists, SARIF and CSV", () => {
    const withFormats = operations.filter((op) => op.formats);
    assert.deepEqual(withFormats.map((op) => op.id).sort(), ["list_findings", "list_repository_findings", "list_run_findings"]);
    for (const op of withFormats) assert.deepEqual(Object.keys(op.exporters ?? {}).sort(), Object.keys(op.formats!).sort(), op.id);
  });

  test("new=true on GET /findings: 400 naming new while a listed default head has no change coverage", async () => {
    const err = await expectError(await get(w, "/findings?new=true"), 400, "invalid_request");
    assert.equal(err.error.details.issues[0].path, "new");
    assert.equal(err.error.details.repository.id, w.repoId);
  });

  test("crs runs findings N --sarif and crs findings list --sarif / --csv print the exports through the real client", { skip }, async () => {
    const crs = testClient(t.url, w.ws.token);
    let r = await crs.run(["runs", "findings", String(w.changeRun), "--sarif"]);
    assert.equal(r.code, 0, r.err);
    const validate = officialValidator();
    const sarif = JSON.parse(r.out);
    assert.equal(validate(sarif), true, validationErrors(validate));
    assert.deepEqual(
      sarif.runs[0].results.map((x: any) => x.properties.key),
      [w.key.extra],
    );
    const fullName = (await json(await get(w, w.path))).repository.fullName;
    r = await crs.run(["findings", "list", "--repository", fullName, "--at", "branch:topic/x", "--new", "--sarif"]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual([...byKey(JSON.parse(r.out)).keys()], [w.key.extra]);
    r = await crs.run(["findings", "list", "--csv"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.split("\r\n")[0], "key,severity,confidence,status,rule,title,repository,path,line,cwe,baseline,webUrl");
    r = await crs.run(["runs", "findings", String(w.changeRun), "--csv"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.split("\r\n").filter(Boolean).length, 2);
    r = await crs.run(["findings", "list", "--sarif", "--json"]);
    assert.equal(r.code, 2);
    assert.match(r.err, /--sarif/);
    r = await crs.run(["findings", "list", "--sarif", "--csv"]);
    assert.equal(r.code, 2);
  });
});

describe("new=true on GET /findings where the default head is covered by a change review", () => {
  test("lists only what the change on the default branch introduced", async () => {
    const ws = await t.workspace();
    const remote = makeRepo();
    t.app.onClose(() => remote.cleanup());
    remote.git(["checkout", "-q", "main"]);
    const base = remote.commit({ "src/old.py": weak() }, { branch: "main", message: "base" });
    const row = await readyRepository(t, ws, { remote: remote.url });
    await review(ws, row.id, {});
    remote.commit({ "src/added.py": weak() }, { branch: "main", message: "added" });
    const { syncAndWait } = await import("../src/capabilities/repositories/index.ts");
    await syncAndWait(t.app, row.id);
    await review(ws, row.id, { change: { branch: "main", since: base } });
    const body = await json(await get({ ws }, "/findings?new=true"));
    assert.deepEqual(
      body.items.map((i: any) => [i.location.path, i.baseline]),
      [["src/added.py", "new"]],
    );
    const all = await json(await get({ ws }, "/findings"));
    assert.equal(all.items.length, 2);
  });
});

describe("the export cap", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  test("past 20,000 findings every export is 400 invalid_request naming the cap and the count; the JSON list still pages", async () => {
    const ws = await s.workspace();
    const repo = await repositoryOf(s, ws);
    const sha = (await s.app.mirrors.get(repo.id).listRefs()).branch("main")!.sha;
    await addCredits(s.app.store, ws.id, { kind: "grant", cents: 100_000 });
    const { run } = await startRun(
      s.app,
      { workspaceId: ws.id, userId: ws.userId, trigger: "api", baseUrl: s.url },
      { repository: repo.id, at: `commit:${sha}`, maxPriceCents: 100_000 },
    );
    // 20,000 findings written in batches as the import writes them (finding, report, presence at the
    // reviewed commit; one import per finding would take minutes on PostgreSQL), then one more through
    // the real import, which marks the commit reviewed, bumps the inbox and completes the run.
    const db = s.app.store.db;
    const at = new Date().toISOString();
    for (let i = 0; i < 20_000; i += 500) {
      const made = await db
        .insertInto("findings")
        .values(
          Array.from({ length: 500 }, (_, j) => ({
            workspace_id: ws.id,
            number: i + j + 1,
            fingerprint: `seed${i + j}`,
            rule_id: "py.command-injection",
            title: "Command injection",
            description: "User input reaches a shell.",
            severity: "high",
            confidence: "high",
            engine: "pattern",
            cwe_json: "[78]",
            tags_json: '["security"]',
            first_run_id: run.id,
            first_observed_at: at,
            last_run_id: run.id,
            report_count: 1,
          })),
        )
        .returning("id")
        .execute();
      const place = (id: number, j: number) => ({
        workspace_id: ws.id,
        repository_id: repo.id,
        sha,
        finding_id: id,
        path: `src/f${i + j}.py`,
        start_line: 2,
        end_line: 2,
      });
      await db
        .insertInto("finding_reports")
        .values(made.map((m, j) => ({ ...place(m.id, j), run_id: run.id, severity: "high", detail_json: "{}", created_at: at })))
        .execute();
      await db
        .insertInto("finding_presence")
        .values(made.map((m, j) => place(m.id, j)))
        .execute();
    }
    await importFindings(
      s.app.store,
      { id: run.id, workspaceId: ws.id },
      [{ repositoryId: repo.id, sha, full: true, findings: [engineFinding({ severity: "critical" })] }],
      { maxNew: 10, now: new Date() },
      (tx) =>
        tx
          .updateTable("runs")
          .set({ import_json: JSON.stringify({ state: "imported", reason: null }) })
          .where("id", "=", run.id)
          .execute()
          .then(() => undefined),
    );
    const call = (path: string) => s.request(`/api/v2${path}`, { token: ws.token });
    const repoPath = `/repositories/${repo.id}/-/findings`;
    for (const path of [`${repoPath}?format=sarif`, "/findings?format=csv", `/runs/${run.id}/findings?format=sarif`]) {
      const err = await expectError(await call(path), 400, "invalid_request");
      assert.equal(err.error.details.count, 20_001, path);
      assert.equal(err.error.details.cap, 20_000, path);
      assert.match(err.error.message, /20000.*filters/, path);
    }
    const page = await json(await call(`${repoPath}?limit=100`));
    assert.equal(page.total, 20_001);
    assert.equal(page.items.length, 100);
    // A filter that narrows the selection under the cap exports it.
    const narrowed = await call(`${repoPath}?format=csv&severity=critical`);
    assert.equal(narrowed.status, 200, await narrowed.clone().text());
    assert.equal((await narrowed.text()).split("\r\n").length, 3, "the header, one finding, the final line end");
  });
});
