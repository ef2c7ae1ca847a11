// `crs review --model` against the stand-in provider server (a local HTTP server speaking the
// OpenAI and Anthropic wire protocols). The command runs as a child process, as a user runs it.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { ModelStandIn } from "../../review/model/testing/standin.ts";
import { pdf, stated } from "../../review/model/testing/fixtures.ts";

const crs = fileURLToPath(new URL("../../../bin/crs.js", import.meta.url));
const routes = "app.delete('/users/:id', (req, res) => {\n  db.users.remove(req.params.id);\n});\n";
const removeLine = "  db.users.remove(req.params.id);";
let standIn: ModelStandIn;
let dir: string;

before(async () => {
  standIn = await new ModelStandIn().start();
  dir = mkdtempSync(join(tmpdir(), "crs-review-model-"));
  const git = (...a: string[]) => execFileSync("git", a, { cwd: dir, stdio: "pipe" });
  git("init", "-q");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  writeFileSync(join(dir, "app.js"), "const crypto = require('crypto');\nconst h = crypto.createHash('md5').update(pw);\n");
  writeFileSync(join(dir, "routes.js"), routes);
  git("add", ".");
  git("commit", "-q", "-m", "one");
  writeFileSync(join(dir, "..", `${dir.split("/").pop()}-authz.md`), "Check every handler for missing authorization.");
  writeFileSync(join(dir, "..", `${dir.split("/").pop()}-policy.pdf`), pdf(["Only admins may delete users."]));
});
after(async () => {
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
  for (const f of ["authz.md", "policy.pdf"]) rmSync(join(dir, "..", `${dir.split("/").pop()}-${f}`), { force: true });
});

const side = (name: string) => join(dir, "..", `${dir.split("/").pop()}-${name}`);

function review(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const base = {
    ...process.env,
    CRS_MODEL_PROVIDER: "anthropic",
    CRS_MODEL_URL: standIn.anthropicUrl,
    CRS_MODEL_NAME: "stand-in",
    CRS_MODEL_API_KEY: "sk-cli-secret",
    ...env,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [crs, "review", ".", "--threads", "1", ...args], { cwd: dir, env: base }, (err, out, errOut) => {
      resolve({ code: err ? Number(err.code) : 0, out, err: errOut });
    });
  });
}

const answer = {
  answer: {
    findings: [
      stated("routes.js", 2, removeLine, {
        title: "Missing \x1b[31mauthorization",
        fix: { description: "Require an admin", replacement: "  requireAdmin(req);\n  db.users.remove(req.params.id);" },
      }),
    ],
  },
};

test("crs review --model sends instructions and documents, and its findings join the rule findings in human, --json and --sarif output", async () => {
  const from = standIn.requests.length;
  standIn.script(answer, answer, answer);
  const human = await review(["--model", "--instructions", side("authz.md"), "--document", side("policy.pdf")]);
  assert.equal(human.code, 0, human.err);
  assert.match(human.out, /app\.js\n {2}2:\d+ +medium +medium +Weak hash algorithm +js\.weak-hash/);
  // The model's escape sequence shows, escaped, rather than colouring the terminal or vanishing.
  assert.match(human.out, /routes\.js\n {2}2:1 +high +medium +Missing \\u\{1b\}\[31mauthorization +model\/cwe-862/);
  assert.match(human.out, /model review complete: 1 request, \d+ tokens in, \d+ out, 0 dropped by the checks/);
  const sent = standIn.requests[from]!;
  assert.ok(sent.text.includes("Check every handler for missing authorization.") && sent.text.includes("Only admins may delete users."));
  assert.ok(sent.text.includes('"app.js":2-2 js.weak-hash'));
  assert.equal(sent.headers.authorization, "Bearer sk-cli-secret");

  const json = JSON.parse((await review(["--model", "--json"])).out);
  assert.equal(json.model.state, "complete");
  assert.deepEqual(
    json.findings.map((f: { engine: string; ruleId: string }) => [f.engine, f.ruleId]),
    [
      ["pattern", "js.weak-hash"],
      ["model", "model/cwe-862"],
    ],
  );

  const sarif = JSON.parse((await review(["--model", "--sarif"])).out);
  const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "model/cwe-862");
  assert.deepEqual(result.fixes[0].artifactChanges[0].replacements[0], {
    deletedRegion: { startLine: 2, startColumn: 1, endLine: 2, endColumn: removeLine.length + 1 },
    insertedContent: { text: "  requireAdmin(req);\n  db.users.remove(req.params.id);" },
  });
});

test("crs review --model --since sends only the changed lines and their context", async () => {
  writeFileSync(join(dir, "new.js"), "module.exports = () => eval(process.argv[2]);\n");
  try {
    const from = standIn.requests.length;
    const r = await review(["--model", "--since", "HEAD", "--json"], { CRS_MODEL_PROVIDER: "openai", CRS_MODEL_URL: standIn.openaiUrl });
    assert.equal(r.code, 0, r.err);
    assert.equal(standIn.requests.length - from, 1);
    const text = standIn.requests[from]!.text;
    assert.ok(text.includes("1+| module.exports") && !text.includes("routes.js") && !text.includes("createHash"));
  } finally {
    rmSync(join(dir, "new.js"));
  }
});

test("crs review --model --since shows the model what the change removed", async () => {
  writeFileSync(join(dir, "routes.js"), routes.replace(removeLine + "\n", ""));
  try {
    const from = standIn.requests.length;
    const r = await review(["--model", "--since", "HEAD", "--json"]);
    assert.equal(r.code, 0, r.err);
    assert.equal(standIn.requests.length - from, 1);
    assert.ok(standIn.requests[from]!.text.includes(`1 | app.delete('/users/:id', (req, res) => {\n -| ${removeLine}\n2 | });`), standIn.requests[from]!.text);
  } finally {
    writeFileSync(join(dir, "routes.js"), routes);
  }
});

test("crs review --model without a configured model exits 2 and says what is missing", async () => {
  const r = await review(["--model"], { CRS_MODEL_PROVIDER: "" });
  assert.equal(r.code, 2);
  assert.match(r.err, /--model needs CRS_MODEL_PROVIDER and CRS_MODEL_NAME/);
  const bad = await review(["--model"], { CRS_MODEL_PROVIDER: "gemini" });
  assert.equal(bad.code, 2);
  assert.match(bad.err, /CRS_MODEL_PROVIDER must be one of openai, anthropic/);
});

test("crs review --instructions without --model exits 2", async () => {
  const r = await review(["--instructions", side("authz.md")]);
  assert.equal(r.code, 2);
  assert.match(r.err, /need --model/);
});

test("a model endpoint that fails leaves the rule findings and says so", async () => {
  standIn.script({ status: 401 });
  const r = await review(["--model", "--json"]);
  assert.equal(r.code, 0);
  const json = JSON.parse(r.out);
  assert.deepEqual([json.model.state, json.model.reason], ["failed", "the model endpoint answered 401"]);
  assert.deepEqual(
    json.findings.map((f: { ruleId: string }) => f.ruleId),
    ["js.weak-hash"],
  );
  assert.match(r.err, /model review failed: the model endpoint answered 401/);
  standIn.script({ status: 401 });
  const sarif = JSON.parse((await review(["--model", "--sarif"])).out);
  assert.deepEqual(
    sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: { descriptor: { id: string }; level: string }) => [n.descriptor.id, n.level]),
    [["model/failed", "warning"]],
  );
});

test("a scanned or encrypted PDF given with --document is skipped, said on stderr and counted", async () => {
  writeFileSync(side("scan.pdf"), pdf([""]));
  writeFileSync(side("locked.pdf"), pdf(["x"], { encrypted: true }));
  try {
    const r = await review(["--model", "--json", "--document", side("scan.pdf"), "--document", side("locked.pdf")]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).model.documentsSkipped, 2);
    assert.match(r.err, /document .*scan\.pdf skipped: scanned/);
    assert.match(r.err, /document .*locked\.pdf skipped: encrypted/);
  } finally {
    rmSync(side("scan.pdf"));
    rmSync(side("locked.pdf"));
  }
});
