// The `crs` client against the real in-process server: every command in JSON, terminal and pipe
// form (a reviewed snapshot), a real run of a real repository with --wait and --fail-on, the
// confirmation rules of runs start, exit codes, login with a token and its 0600 file.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { addCredits, balanceCents } from "../src/capabilities/runs/ledger.ts";
import { putFocus } from "../src/capabilities/focuses/index.ts";
import { json, startTestServer, type TestServer, type TestWorkspace } from "./harness.ts";
import { testClient, type TestClient } from "./fixtures/client.ts";
import { demoRepository } from "./fixtures/worker.ts";
import { compileCache } from "./child-env.ts";

let t: TestServer;
let ws: TestWorkspace;
let c: TestClient;
let repo: string;

before(async () => {
  t = await startTestServer({ env: { CRS_WORKER_IN_PROCESS: "on", CRS_WORKER_POLL_MS: "50", CRS_LOG_LEVEL: "silent" } });
  ws = await t.workspace();
  const demo = await demoRepository(t, ws, "acme/shop");
  repo = demo.row.full_name;
  await addCredits(t.app.store, ws.id, { kind: "grant", cents: 10_000 });
  await putFocus(t.app.store, ws.id, { slug: "security", title: "Security", emoji: null, instructions: "Look for injections.\nAnd secrets." });
  c = testClient(t.url, ws.token);
});
after(() => t.close());

const rest = (path: string) => t.request(`/api/v2${path}`, { token: ws.token }).then(json);

function normalize(text: string): string {
  return text
    .replaceAll(t.url, "<url>")
    .replaceAll(ws.username, "<user>")
    .replaceAll(ws.slug, "<ws>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
    .replace(/\b[0-9a-f]{40}\b/g, "<sha>")
    .replace(/\b[0-9a-f]{12}\b/g, "<sha12>")
    .replace(/\bu[0-9a-z]+@example\.test\b/g, "<email>")
    .replace(/ @ [0-9a-f]{2,7}(…|\b)/g, " @ <sha7>")
    .replace(/\b(just now|\d+ (second|minute|hour|day)s? ago)\b/g, "<ago>")
    .replace(/"quote": "[^"]+"/g, '"quote": "<quote>"')
    .replace(/ {2,}/g, "  ")
    .replace(/[ \t]+\n/g, "\n");
}

describe("crs runs start --wait on the demo repository", () => {
  test("follows a full review to the end and exits 1 with --fail-on high because it found high and critical bugs", async () => {
    const r = await c.run(["runs", "start", repo, "--yes", "--wait", "--fail-on", "high", "--interval", "0.05"]);
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /full review of .*: \$0\.\d\d, balance \$100\.00/);
    // Which stages a poll sees depends on timing; the last one seen is the finished import.
    assert.match(r.err, /^run 1: complete · import/m);
    assert.match(r.err, /complete: 3 findings at high or above · crs runs findings 1/);
    assert.match(r.out, /^state\tcomplete$/m);
    assert.match(r.out, /^findings\.total\t4$/m);
    const run = await rest("/runs/1");
    assert.equal(run.state, "complete");
    assert.equal(run.trigger, "cli");
  });

  test("exits 0 when nothing reaches --fail-on: the pull request adds one high finding, none critical", async () => {
    const r = await c.run(["runs", "start", repo, "--pr", "1", "--yes", "--wait", "--fail-on", "critical", "--json", "--interval", "0.05"]);
    assert.equal(r.code, 0, r.err);
    const run = JSON.parse(r.out);
    assert.equal(run.kind, "change");
    assert.equal(run.state, "complete");
    assert.deepEqual(run.findings.bySeverity, { high: 1 });
    const again = await c.run(["runs", "watch", String(run.id), "--fail-on", "high"]);
    assert.equal(again.code, 1);
    assert.match(again.err, /1 finding at high or above/);
  });
});

describe("every command's output", () => {
  test("JSON is the API's response; terminal tables and piped TSV match the reviewed snapshot", async () => {
    const doc = await c.run(["documents", "note", "--title", "Threat model", "--text", "Attackers control uploads."]);
    assert.equal(doc.code, 0, doc.err);
    const commands: Array<[string[], string]> = [
      [["me"], "/me"],
      [["members", "list"], "/members"],
      [["repos", "list"], "/repositories"],
      [["repos", "view", repo], `/repositories/${repo}`],
      [["repos", "refs", repo], `/repositories/${repo}/refs`],
      [["focuses", "list"], "/focuses"],
      [["focuses", "view", "security"], "/focuses/security"],
      [["findings", "list"], "/findings"],
      [["findings", "list", "--repository", repo, "--severity", "high,critical"], `/repositories/${repo}/findings?severity=high,critical`],
      [["findings", "list", "--confidence", "medium,high"], "/findings?confidence=medium,high"],
      [["findings", "view", "F-1"], "/findings/F-1"],
      [["runs", "list"], "/runs"],
      [["runs", "view", "1"], "/runs/1"],
      [["runs", "findings", "1"], "/runs/1/findings"],
      [["documents", "list"], "/documents"],
      [["documents", "view", "1"], "/documents/1"],
    ];
    const sections: string[] = [];
    for (const [argv, path] of commands) {
      const asJson = await c.run([...argv, "--json"]);
      assert.equal(asJson.code, 0, `${argv.join(" ")}: ${asJson.err}`);
      assert.equal(normalize(asJson.out.trim()), normalize(JSON.stringify(await rest(path), null, 2)), argv.join(" "));
      const tty = await c.run(argv, { tty: true });
      const pipe = await c.run(argv);
      assert.equal(tty.code + pipe.code, 0);
      sections.push(`## crs ${argv.join(" ").replaceAll(repo, "<repo>")}\n### terminal\n${normalize(tty.out)}### pipe\n${normalize(pipe.out)}`);
    }
    snapshot("cli-output.txt", sections.join("\n"));
  });

  test("findings list shows a confidence column and --confidence keeps only the levels named; a bad level is the API's invalid_request (exit 1)", async () => {
    const rows = (await rest("/findings")).items as Array<{ key: string; confidence: string }>;
    const pipe = await c.run(["findings", "list", "--confidence", "low"]);
    assert.equal(pipe.code, 0, pipe.err);
    const shown = pipe.out
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => l.split("\t"));
    assert.deepEqual(
      shown.map((cols) => cols[0]),
      rows.filter((r) => r.confidence === "low").map((r) => r.key),
    );
    for (const cols of shown) assert.equal(cols[2], "low");
    assert.match((await c.run(["findings", "list"], { tty: true })).out, /^KEY\s+SEVERITY\s+CONFIDENCE\s+STATUS/im);
    const bad = await c.run(["findings", "list", "--confidence", "sure"]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /invalid_request/);
  });

  test("lists take --limit and --all: one row, then every row", async () => {
    const one = await c.run(["findings", "list", "--limit", "1"]);
    assert.equal(one.out.trim().split("\n").length, 1);
    const all = await c.run(["findings", "list", "--limit", "1", "--all"]);
    assert.equal(all.out.trim().split("\n").length, (await rest("/findings")).items.length);
  });
});

function snapshot(name: string, text: string): void {
  const file = resolve(import.meta.dirname, "snapshots", name);
  if (process.env.UPDATE_SNAPSHOTS || !existsSync(file)) writeFileSync(file, text);
  assert.equal(text, readFileSync(file, "utf8"), `${name} changed; review the diff and rerun with UPDATE_SNAPSHOTS=1`);
}

describe("triage and documents from the command line", () => {
  test("findings update changes several findings at once and comment adds a comment", async () => {
    const r = await c.run(["findings", "update", "F-1", "F-2", "--status", "investigating", "--reason", "looking", "--assignee", "me"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out.trim().split("\n").length, 2);
    for (const key of ["F-1", "F-2"]) {
      const f = await rest(`/findings/${key}`);
      assert.equal(f.status, "investigating");
      assert.equal(f.assignee.username, ws.username);
    }
    const un = await c.run(["findings", "update", "F-1", "--assignee", "none"]);
    assert.equal(un.code, 0, un.err);
    assert.equal((await rest("/findings/F-1")).assignee, null);
    const cm = await c.run(["findings", "comment", "F-1", "--body", "Reproduced on main."]);
    assert.equal(cm.code, 0, cm.err);
    assert.deepEqual(
      (await rest("/findings/F-1")).comments.map((x: any) => x.body),
      ["Reproduced on main."],
    );
  });

  test("documents upload does the slot, the PUT and the create; archive archives it", async () => {
    const file = join(c.configDir, "policy.md");
    writeFileSync(file, "# Policy\nNo secrets in code.\n");
    const up = await c.run(["documents", "upload", file, "--json"]);
    assert.equal(up.code, 0, up.err);
    const doc = JSON.parse(up.out).document;
    assert.equal(doc.filename, "policy.md");
    assert.equal(doc.contentType, "text/markdown");
    assert.equal(doc.sizeBytes, Buffer.byteLength("# Policy\nNo secrets in code.\n"));
    const ar = await c.run(["documents", "archive", String(doc.id)]);
    assert.equal(ar.code, 0, ar.err);
    assert.equal((await rest(`/documents/${doc.id}`)).document.archived, true);
    const missing = await c.run(["documents", "upload", join(c.configDir, "nope.md")]);
    assert.equal(missing.code, 2);
  });
});

describe("runs start asks before it spends", () => {
  const runCount = async () => (await rest("/runs?limit=100")).items.length;

  test("in a pipe without --yes or --max-price it is a usage error and nothing is charged", async () => {
    const [before, runs] = [await balanceCents(t.app.store.db, ws.id), await runCount()];
    const r = await c.run(["runs", "start", repo]);
    assert.equal(r.code, 2);
    assert.match(r.err, /needs --yes or --max-price/);
    assert.equal(await balanceCents(t.app.store.db, ws.id), before);
    assert.equal(await runCount(), runs);
  });

  test("on a terminal, answering no starts nothing; --max-price below the price starts nothing; yes starts it", async () => {
    const runs = await runCount();
    const no = await c.run(["runs", "start", repo], { answer: false });
    assert.equal(no.code, 1);
    assert.match(no.err, /Not started/);
    const low = await c.run(["runs", "start", repo, "--max-price", "1"]);
    assert.equal(low.code, 1);
    assert.match(low.err, /price_exceeds_max/);
    assert.equal(await runCount(), runs);
    const yes = await c.run(["runs", "start", repo, "--json"], { answer: true });
    assert.equal(yes.code, 0, yes.err);
    assert.equal(JSON.parse(yes.out).run.trigger, "cli");
    assert.equal(await runCount(), runs + 1);
  });
});

describe("--jq", () => {
  test("filters the JSON of any command through jq: strings print raw, numbers and objects as JSON", async () => {
    const me = await c.run(["me", "--jq", ".user.username"]);
    assert.equal(me.code, 0, me.err);
    assert.equal(me.out, `${ws.username}\n`);
    const names = await c.run(["members", "list", "--jq", "[.items[] | {username, role}]"]);
    assert.deepEqual(JSON.parse(names.out), [{ username: ws.username, role: "owner" }]);
    const api = await c.run(["api", "GET", "/me", "--jq", ".organization.slug"]);
    assert.equal(api.out, `${ws.slug}\n`);
    const status = await c.run(["auth", "status", "--jq", ".workspace"]);
    assert.equal(status.out, `${ws.slug}\n`);
  });

  test("an expression jq cannot compile exits 2 naming --jq; one that fails on the data exits 1", async () => {
    const bad = await c.run(["me", "--jq", ".user | bogus("]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /^crs: --jq: .*syntax error/);
    assert.equal(bad.out, "");
    const fails = await c.run(["me", "--jq", '.user.username | error("nope")']);
    assert.equal(fails.code, 1);
    assert.match(fails.err, /--jq: .*nope/);
  });
});

describe("--web", () => {
  test("opens the object's page in the browser instead of printing it: a run, a finding, a focus", async () => {
    const opened: string[] = [];
    const browser = { openUrl: async (url: string) => void opened.push(url) };
    const run = await c.run(["runs", "view", "1", "--web"], { hooks: browser });
    assert.equal(run.code, 0, run.err);
    assert.equal(run.out, "");
    const focus = await c.run(["focuses", "view", "security", "--web"], { hooks: browser });
    assert.equal(focus.code, 0, focus.err);
    const finding = await c.run(["findings", "view", "F-1", "--web"], { hooks: browser });
    assert.equal(finding.code, 0, finding.err);
    assert.deepEqual(opened, [(await rest("/runs/1")).webUrl, (await rest("/focuses/security")).webUrl, (await rest("/findings/F-1")).webUrl]);
    assert.match(run.err, /^Opening http:\/\/\S+ in your browser\.$/);
  });
});

describe("exit codes and errors", () => {
  test("usage errors exit 2: unknown flag, missing argument, bad number, bad repository", async () => {
    for (const argv of [["runs", "list", "--bogus"], ["runs", "view"], ["findings", "list", "--limit", "ten"], ["repos", "view", "no-slash"], ["nope"]]) {
      assert.equal((await c.run(argv)).code, 2, argv.join(" "));
    }
  });

  test("a change the server would refuse for a missing flag exits 2 naming the flag, said once, and changes nothing", async () => {
    const before = (await rest("/findings?dismissed=true")).total + (await rest("/findings?status=wont-fix")).total;
    for (const [argv, flag] of [
      [["findings", "update", "F-1", "--status", "wont-fix"], /--reason is required with --status wont-fix/],
      [["findings", "update", "F-1", "--dismissed"], /--reason is required with --dismissed/],
      [["findings", "update", "F-1"], /--status, --severity, --assignee or --dismissed/],
    ] as const) {
      const r = await c.run([...argv]);
      assert.equal(r.code, 2, argv.join(" "));
      assert.match(r.err, flag);
      assert.equal(r.err.split("\n").length, 1, `one line: ${r.err}`);
    }
    assert.equal((await rest("/findings?dismissed=true")).total + (await rest("/findings?status=wont-fix")).total, before);
  });

  test("flags that cannot go together exit 2 naming them, before any request", async () => {
    for (const [argv, words] of [
      [["runs", "estimate", repo, "--pr", "1", "--branch", "main"], /--pr or --branch, not both/],
      [["runs", "estimate", repo, "--since", "abc123"], /--since goes with --branch/],
      [["runs", "estimate", repo, "--pr", "1", "--at", "default"], /--at is for a full review/],
      [["findings", "list", "--at", "default"], /--at needs --repository/],
    ] as const) {
      const r = await c.run([...argv]);
      assert.equal(r.code, 2, argv.join(" "));
      assert.match(r.err, words);
    }
  });

  test("API errors exit 1 with the spec's code, message and request id", async () => {
    const r = await c.run(["runs", "view", "999"]);
    assert.equal(r.code, 1);
    assert.match(r.err, /^error: not_found: .+ \(request \S+\)$/);
    const bad = await c.run(["findings", "list", "--limit", "0"]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /invalid_request/);
  });

  test("no token or a refused token exits 4; an unreachable server names its URL", async () => {
    const none = testClient(t.url);
    const r = await none.run(["me"]);
    assert.equal(r.code, 4);
    assert.match(r.err, /Not logged in .*crs login/);
    const bad = await testClient(t.url, "svcp_notarealtoken").run(["me"]);
    assert.equal(bad.code, 4);
    const down = await testClient("http://127.0.0.1:9", ws.token).run(["me"]);
    assert.equal(down.code, 1);
    assert.match(down.err, /Could not reach http:\/\/127\.0\.0\.1:9/);
  });

  test("crs api passes any call through and prints the error body on failure", async () => {
    const me = await c.run(["api", "GET", "/me"]);
    assert.equal(me.code, 0);
    assert.equal(JSON.parse(me.out).user.username, ws.username);
    const q = await c.run(["api", "get", "findings", "-f", "severity=critical"]);
    assert.deepEqual(
      JSON.parse(q.out).items.map((f: any) => f.severity),
      ["critical"],
    );
    const est = await c.run(["api", "POST", "/runs/estimate", "-f", `repository=${repo}`]);
    assert.equal(est.code, 0, est.err);
    assert.equal(JSON.parse(est.out).kind, "full");
    const err = await c.run(["api", "POST", "/runs/estimate", "-F", "repository=12345"]);
    assert.equal(err.code, 1);
    assert.equal(JSON.parse(err.out).error.code, "not_found");
  });
});

describe("login with a token", () => {
  test("with no keyring answering, stores the token in a 0600 file that later commands use; logout forgets it", async () => {
    const fresh = testClient(t.url);
    delete fresh.env.CRS_TOKEN;
    fresh.env.CRS_KEYRING = "off";
    const bad = await fresh.run(["login", "--with-token"], { stdin: "not a token\n" });
    assert.equal(bad.code, 2);
    const r = await fresh.run(["login", "--with-token"], { stdin: `${ws.token}\n` });
    assert.equal(r.code, 0, r.err);
    const file = join(fresh.configDir, "crs", "credentials.json");
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(join(fresh.configDir, "crs")).mode & 0o077, 0);
    const status = await fresh.run(["auth", "status", "--json"]);
    assert.equal(status.code, 0, status.err);
    assert.deepEqual(
      { ...JSON.parse(status.out), scopes: undefined },
      { url: t.url, user: ws.username, workspace: ws.slug, role: "owner", token: "api_key", scopes: undefined, source: file, expiresAt: null },
    );
    assert.equal((await fresh.run(["me"])).code, 0);
    const out = await fresh.run(["logout"]);
    assert.equal(out.code, 0);
    assert.match(out.err, /API key stays valid/);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { url: t.url }, "the file keeps only the server");
    assert.equal((await fresh.run(["me"])).code, 4);
  });

  test("after logout, messages name the server that was used, not the default URL", async () => {
    const fresh = testClient(t.url);
    delete fresh.env.CRS_TOKEN;
    delete fresh.env.CRS_URL;
    fresh.env.CRS_KEYRING = "off";
    assert.equal((await fresh.run(["login", "--url", t.url, "--with-token"], { stdin: `${ws.token}\n` })).code, 0);
    assert.equal((await fresh.run(["logout"])).code, 0);
    const me = await fresh.run(["me"]);
    assert.equal(me.code, 4);
    assert.match(me.err, new RegExp(`Not logged in to ${RegExp.escape(t.url)}`));
    assert.match((await fresh.run(["logout"])).err, new RegExp(`Not logged in to ${RegExp.escape(t.url)}`));
    assert.match((await fresh.run(["auth", "status"])).err, new RegExp(RegExp.escape(t.url)));
  });

  test("with the OS keyring allowed, the token goes to the keyring where one answers and to the 0600 file where none does", async () => {
    const fresh = testClient(t.url);
    delete fresh.env.CRS_TOKEN;
    delete fresh.env.CRS_KEYRING;
    const r = await fresh.run(["login", "--with-token"], { stdin: `${ws.token}\n` });
    assert.equal(r.code, 0, r.err);
    const file = join(fresh.configDir, "crs", "credentials.json");
    const stored = JSON.parse(readFileSync(file, "utf8"));
    assert.equal(statSync(file).mode & 0o777, 0o600);
    if (stored.store === "keyring") {
      // A desktop with a keyring service: the file keeps no secret.
      assert.equal(JSON.stringify(stored).includes(ws.token), false);
      assert.match(r.err, /credentials in keyring/);
    } else {
      assert.equal(stored.store, "file");
      assert.equal(stored.token, ws.token);
    }
    assert.equal((await fresh.run(["me"])).code, 0);
    assert.equal((await fresh.run(["logout"])).code, 0);
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), { url: t.url }, "no token is left in the file");
    assert.equal((await fresh.run(["me"])).code, 4);
  });

  test("the executable routes client commands and keeps the exit codes", async () => {
    const env = { PATH: process.env.PATH ?? "", ...compileCache, HOME: c.configDir, XDG_CONFIG_HOME: c.configDir, CRS_URL: t.url, CRS_TOKEN: ws.token };
    const ok = await crs(["runs", "list"], env);
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, /^1\tcomplete\t/m);
    assert.equal((await crs(["runs", "list", "--bogus"], env)).status, 2);
    assert.equal((await crs(["me"], { ...env, CRS_TOKEN: "" })).status, 4);
  });
});

describe("a closed pipe", () => {
  test("crs me and crs runs list end quietly with status 0 when the reader has gone (| head -1)", async () => {
    const env = { PATH: process.env.PATH ?? "", ...compileCache, HOME: c.configDir, XDG_CONFIG_HOME: c.configDir, CRS_URL: t.url, CRS_TOKEN: ws.token };
    for (const args of [["me"], ["runs", "list"], ["me", "--json"]]) {
      const r = await crs(args, env, { closeStdout: true });
      assert.equal(r.stderr, "", args.join(" "));
      assert.equal(r.status, 0, args.join(" "));
    }
  });
});

// Last: another paid run changes the balance and run numbers the output snapshot above shows.
describe("runs start --wait on a terminal", () => {
  test("on a terminal, --wait updates one progress line in place: stage, done of total in the stage's unit, elapsed time", async () => {
    const r = await c.run(["runs", "start", repo, "--yes", "--wait", "--interval", "0.05"], { errTty: true });
    assert.equal(r.code, 0, r.err);
    assert.ok(r.live.length >= 1);
    for (const line of r.live) assert.match(line, /^run \d+: [a-z_]+( · [a-z]+( \d+ of \d+ (files|findings))?)? · (\d+s|\d+m \d\ds)$/, line);
    // The import counts findings; no status line is repeated on its own line in the log.
    assert.match(r.live.at(-1)!, /^run \d+: complete · import (\d+) of \1 findings · /);
    assert.doesNotMatch(r.err, /^run \d+: /m);
  });
});

/** The real executable in a child process; asynchronous, so the in-process server keeps answering. */
function crs(args: string[], env: NodeJS.ProcessEnv, opts: { closeStdout?: boolean } = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bin = resolve(import.meta.dirname, "../bin/crs.js");
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  // The reader of standard output is gone before the command writes anything, like `| head -1` after its line.
  if (opts.closeStdout) child.stdout.destroy();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((res) => child.on("close", (status) => res({ status, stdout, stderr })));
}
