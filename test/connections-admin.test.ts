// crs admin repo connect|policy|deliveries and crs admin secret-key rotate as child processes on the
// test server's store, against the GitHub stand-in (github.com cannot be reached from the tests);
// what members then read on the repository; and the server key's start check in `crs worker`.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { makeRepo, type TestRepo } from "../src/platform/codehost/testing/make-repo.ts";
import { GitHubStandIn } from "../src/platform/codehost/hosts/testing/github-standin.ts";
import { registerRepository } from "../src/capabilities/repositories/index.ts";
import { loadConnection } from "../src/capabilities/connections/index.ts";
import { verifySecretKey } from "../src/capabilities/connections/secret-key.ts";
import { json, startTestServer, usingPostgres, type TestServer, type TestWorkspace } from "./harness.ts";
import { testSecretKey } from "./fixtures/connections.ts";

const crs = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "crs.js");
let t: TestServer;
let ws: TestWorkspace;
let remote: TestRepo;
let standIn: GitHubStandIn;
let env: NodeJS.ProcessEnv;
let repoId: number;

before(async () => {
  t = await startTestServer({ env: { CRS_SECRET_KEY: testSecretKey } });
  ws = await t.workspace();
  remote = makeRepo();
  standIn = await GitHubStandIn.start({ repoDir: remote.path, fullName: "acme/widgets" });
  standIn.hooksForbidden = true;
  repoId = (await registerRepository(t.app, { workspaceId: ws.id, remote: standIn.cloneUrl, name: "acme/widgets" }, { background: false })).id;
  env = { ...process.env, CRS_DATA_DIR: t.config.dataDir, CRS_LOG_LEVEL: "silent", CRS_SECRET_KEY: testSecretKey, CRS_BASE_URL: "https://crs.example" };
  delete env.DATABASE_URL;
  if (usingPostgres) {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.app.store.db);
    const url = new URL(t.databaseUrl!);
    url.searchParams.set("options", `-c search_path=${rows[0]!.s}`);
    env.DATABASE_URL = url.toString();
  }
});
after(async () => {
  await standIn.close();
  await t.close();
  remote.cleanup();
});

function run(args: string[], input?: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [crs, ...args], { env: { ...env, ...extraEnv }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, out: stdout, err: stderr });
    });
    child.stdin?.end(input ?? "");
  });
}

describe("crs admin repo connect", () => {
  test("without a token source it exits 2 and connects nothing", async () => {
    const r = await run(["admin", "repo", "connect", ws.slug, "acme/widgets", "--host", "github", "--api-url", standIn.apiUrl]);
    assert.equal(r.code, 2, r.err);
    assert.equal((await t.app.store.db.selectFrom("connections").selectAll().execute()).length, 0);
  });

  test("reads the token from stdin; when the token may not create hooks it prints the webhook URL and secret", async () => {
    const r = await run(
      ["admin", "repo", "connect", ws.slug, "acme/widgets", "--host", "github", "--api-url", standIn.apiUrl, "--token-stdin"],
      `${standIn.token}\n`,
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /access ok/);
    assert.match(r.out, /URL: +https:\/\/crs\.example\/hooks\/github/);
    const secret = /secret: +([0-9a-f]{64})/.exec(r.out)?.[1];
    assert.ok(secret, r.out);
    assert.ok(!r.out.includes(standIn.token) && !r.err.includes(standIn.token), "the token is never printed");
    assert.equal(standIn.hooks.length, 0);
    const conn = await loadConnection(t.app, ws.id, repoId);
    assert.deepEqual(conn?.auth, { kind: "token", token: standIn.token });
    assert.equal(conn?.hostRepo, "acme/widgets");
  });

  test("--json prints the setup; a hook the token may create is created and its secret not printed", async () => {
    standIn.hooksForbidden = false;
    const r = await run(
      ["admin", "repo", "connect", ws.slug, "acme/widgets", "--host", "github", "--api-url", standIn.apiUrl, "--token-stdin", "--json"],
      standIn.token,
    );
    assert.equal(r.code, 0, r.err);
    const body = JSON.parse(r.out);
    assert.equal(body.access, "ok");
    assert.equal(body.webhook.created, true);
    assert.equal(body.webhook.secret, null);
    assert.equal(standIn.hooks.length, 1);
    assert.equal(standIn.hooks[0]!.url, "https://crs.example/hooks/github");
  });

  test("a bad API URL is refused with exit 2", async () => {
    const r = await run(["admin", "repo", "connect", ws.slug, "acme/widgets", "--host", "github", "--api-url", "ftp://x", "--token-stdin"], "tok");
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /invalid_request/);
  });
});

describe("crs admin repo policy and what members read", () => {
  test("sets only the options given and prints the whole policy", async () => {
    const r = await run(["admin", "repo", "policy", ws.slug, "acme/widgets", "--auto-review", "on", "--max-run-price", "500", "--fail-at", "medium", "--json"]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(JSON.parse(r.out), {
      autoReview: true,
      forks: false,
      focuses: [],
      maxRunPriceCents: 500,
      dailyCapCents: null,
      inlineComments: 30,
      failAtSeverity: "medium",
    });
  });

  test("a bad value exits 2 and changes nothing", async () => {
    for (const args of [
      ["--auto-review", "maybe"],
      ["--inline-comments", "101"],
      ["--fail-at", "severe"],
      ["--daily-cap", "-1"],
    ]) {
      const r = await run(["admin", "repo", "policy", ws.slug, "acme/widgets", ...args]);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.err}`);
    }
    const p = await t.app.store.db.selectFrom("review_policies").selectAll().where("repository_id", "=", repoId).executeTakeFirstOrThrow();
    assert.equal(p.fail_at_severity, "medium");
    assert.equal(p.inline_comments, 30);
  });

  test("a member reads the connection, the policy and no credential on the repository and in the list", async () => {
    const member = await ws.member({ role: "member" });
    const one = await json(await t.request(`/api/v2/repositories/${repoId}/-`, { token: member.token }));
    assert.equal(one.connection.host, "github");
    assert.equal(one.connection.hostRepo, "acme/widgets");
    assert.equal(one.connection.access, "ok");
    assert.equal(one.connection.webhook, "created");
    assert.equal(one.connection.policy.autoReview, true);
    assert.equal(one.connection.policy.maxRunPriceCents, 500);
    assert.deepEqual(one.connection.lastDeliveries, []);
    const list = await json(await t.request("/api/v2/repositories", { token: member.token }));
    assert.deepEqual(list.items[0].connection, one.connection);
    assert.ok(!JSON.stringify(list).includes(standIn.token));
  });
});

describe("crs admin repo sync --wait on a connected repository", () => {
  test("fetches with the connection's token (the stand-in refuses git without it), which stays out of the mirror's config", async () => {
    const head = remote.commit({ "src/later.py": "x = 1\n" }, { branch: "main", message: "later" });
    const served = standIn.server.gitRequests.length;
    const r = await run(["admin", "repo", "sync", "--wait", ws.slug, "acme/widgets", "--json"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).mirror.state, "ready");
    const git = standIn.server.gitRequests.slice(served);
    assert.ok(git.length > 0 && git.every((g) => g.status === 200), JSON.stringify(git));
    const mirrorDir = join(t.config.dataDir, "mirrors", `${repoId}.git`);
    assert.equal(execFileSync("git", ["--git-dir", mirrorDir, "rev-parse", "refs/heads/main"], { encoding: "utf8" }).trim(), head);
    assert.ok(!readFileSync(join(mirrorDir, "config"), "utf8").includes(standIn.token));
    assert.ok(!r.out.includes(standIn.token) && !r.err.includes(standIn.token));
  });
});

describe("the server key", () => {
  test("crs worker refuses to start with another key, naming the key check", async () => {
    const r = await run(["worker"], undefined, { CRS_SECRET_KEY: randomBytes(32).toString("base64") });
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /CRS_SECRET_KEY is not the key/);
  });

  test("crs worker refuses to start without a key once connections exist", async () => {
    const r = await run(["worker"], undefined, { CRS_SECRET_KEY: "" });
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /stored encrypted but/);
  });

  test("a malformed key is a configuration error", async () => {
    const r = await run(["worker"], undefined, { CRS_SECRET_KEY: "short" });
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /CRS_SECRET_KEY must be 32 bytes/);
  });

  test("secret-key rotate re-encrypts under the new key: it opens the connection, the old one no longer starts", async () => {
    const next = randomBytes(32).toString("base64");
    const r = await run(["admin", "secret-key", "rotate", "--new-key-stdin"], next);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /re-encrypted 1 connection/);
    const keyConfig = (secretKey: string) => ({ secretKey, databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    await verifySecretKey(keyConfig(next), t.app.store);
    await assert.rejects(verifySecretKey(keyConfig(testSecretKey), t.app.store), /not the key/);
    t.app.config.secretKey = next;
    assert.equal((await loadConnection(t.app, ws.id, repoId))?.auth.kind, "token");
  });
});
