// The model reviewer against the stand-in provider (a local HTTP server speaking the OpenAI and
// Anthropic wire protocols through their official SDKs): what it sends, and what it keeps.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { reviewWithModel } from "./reviewer.ts";
import { ModelStandIn } from "./testing/standin.ts";
import { ruleFinding, standInConfig, stated } from "./testing/fixtures.ts";

const handler = [
  "const express = require('express');",
  "const app = express();",
  "app.delete('/users/:id', (req, res) => {",
  "  db.users.remove(req.params.id);",
  "  res.sendStatus(204);",
  "});",
  "exec('ping ' + req.query.host);",
].join("\n");
const files = [
  { path: "src/routes.js", content: Buffer.from(handler) },
  { path: "src/util.js", content: Buffer.from("export const add = (a, b) => a + b;\n") },
];
const removeLine = "  db.users.remove(req.params.id);";

let standIn: ModelStandIn;
before(async () => {
  standIn = await new ModelStandIn().start();
});
after(() => standIn.close());

for (const provider of ["openai", "anthropic"] as const) {
  describe(`${provider} protocol`, () => {
    test("sends the focus instructions, steering, documents and rule findings, and keeps a checked finding shaped like a rule finding", async () => {
      const from = standIn.requests.length;
      standIn.script({
        answer: {
          findings: [
            stated("src/routes.js", 4, removeLine, {
              fix: { description: "Check the caller's role", replacement: "  requireAdmin(req);\n  db.users.remove(req.params.id);" },
            }),
          ],
        },
      });
      const r = await reviewWithModel(standInConfig(standIn, provider, { concurrency: 1 }), {
        files,
        ruleFindings: [ruleFinding("src/routes.js", 7)],
        instructions: [{ name: "authz", text: "Check every handler for missing authorization." }],
        steering: "Pay attention to the delete endpoint.",
        documents: [{ name: "policy.md", text: "Only admins may delete users." }],
      });
      assert.equal(r.stage.state, "complete");
      assert.equal(r.stage.requests, 1);
      const sent = standIn.requests.slice(from);
      assert.equal(sent.length, 1);
      const text = sent[0]!.text;
      for (const s of [
        "Check every handler for missing authorization.",
        "Pay attention to the delete endpoint.",
        "Only admins may delete users.",
        '"src/routes.js":7-7 js.command-injection (high, CWE-78)',
        removeLine,
        "export const add",
      ])
        assert.ok(text.includes(s), `sent: ${s}`);
      assert.equal(sent[0]!.body.model, "stand-in-model");
      if (provider === "openai") assert.equal((sent[0]!.body.response_format as { type: string }).type, "json_schema");
      else assert.deepEqual(sent[0]!.body.tool_choice, { type: "tool", name: "report_findings" });
      assert.equal(r.findings.length, 1);
      const f = r.findings[0]!;
      assert.equal(f.ruleId, "model/cwe-862");
      assert.equal(f.engine, "model");
      assert.deepEqual(f.cwe, [862]);
      assert.deepEqual([f.location.path, f.location.startLine, f.location.endLine, f.location.snippet], ["src/routes.js", 4, 4, removeLine]);
      assert.match(f.fingerprint, /^[0-9a-f]{32}$/);
      assert.equal(f.fix?.replacement, "  requireAdmin(req);\n  db.users.remove(req.params.id);");
      assert.equal(f.fix?.patch, `--- a/src/routes.js\n+++ b/src/routes.js\n@@ -4,1 +4,2 @@\n-${removeLine}\n+  requireAdmin(req);\n+${removeLine}\n`);
      assert.ok(r.stage.tokensIn > 0 && r.stage.tokensOut > 0);
    });

    test("drops hallucinated paths, lines and snippets and counts them", async () => {
      standIn.script({
        answer: {
          findings: [
            stated("src/missing.js", 1, "anything"),
            stated("src/routes.js", 90, removeLine),
            stated("src/routes.js", 4, "db.admins.purge();"),
            stated("../etc/passwd", 1, "root"),
            stated("src/routes.js", 2, "const app = express();", { cwe: null, severity: "low" }),
          ],
        },
      });
      const r = await reviewWithModel(standInConfig(standIn, provider), { files, ruleFindings: [] });
      assert.equal(r.stage.dropped, 4);
      assert.deepEqual(r.droppedFindings.map((d) => d.reason).sort(), [
        "lines do not exist",
        "path not in the reviewed files",
        "path not in the reviewed files",
        "quoted snippet does not match the code",
      ]);
      assert.deepEqual(
        r.findings.map((f) => [f.ruleId, f.location.startLine]),
        [["model/other", 2]],
      );
    });
  });
}

test("same finding answered twice has one identity, stable when lines shift", async () => {
  const shifted = [{ path: "src/routes.js", content: Buffer.from(`// header\n\n${handler}`) }];
  standIn.script({ answer: { findings: [stated("src/routes.js", 4, removeLine)] } }, { answer: { findings: [stated("src/routes.js", 6, removeLine)] } });
  const a = await reviewWithModel(standInConfig(standIn, "openai"), { files: files.slice(0, 1), ruleFindings: [] });
  const b = await reviewWithModel(standInConfig(standIn, "openai"), { files: shifted, ruleFindings: [] });
  assert.equal(a.findings[0]!.fingerprint, b.findings[0]!.fingerprint);
  assert.equal(b.findings[0]!.location.startLine, 6);
});

test("a stated line off by one is moved to where the quoted code is", async () => {
  standIn.script({ answer: { findings: [stated("src/routes.js", 5, removeLine)] } });
  const r = await reviewWithModel(standInConfig(standIn, "openai"), { files, ruleFindings: [] });
  assert.equal(r.findings[0]!.location.startLine, 4);
});

test("severity stops at high unless the CWE is one the rules rate critical", async () => {
  standIn.script({
    answer: {
      findings: [
        stated("src/routes.js", 7, "exec('ping ' + req.query.host);", { severity: "critical", cwe: 78 }),
        stated("src/routes.js", 4, removeLine, { severity: "critical", cwe: 502 }),
      ],
    },
  });
  const r = await reviewWithModel(standInConfig(standIn, "anthropic"), { files, ruleFindings: [] });
  assert.deepEqual(
    r.findings.map((f) => [f.ruleId, f.severity]),
    [
      ["model/cwe-502", "critical"],
      ["model/cwe-78", "high"],
    ],
  );
});

test("secrets in code, steering and documents are redacted before anything is sent", async () => {
  const key = ["AKIA", "QWER", "TYUI", "OPAS", "DFGH"].join("");
  const token = `ghp_${"a1B2c3D4e5".repeat(3)}a1B2c3`;
  const from = standIn.requests.length;
  const r = await reviewWithModel(standInConfig(standIn, "openai"), {
    files: [{ path: "config.js", content: Buffer.from(`const id = "${key}";\nconst gh = "${token}";\n`) }],
    ruleFindings: [],
    steering: `the token ${token} is revoked`,
    documents: [{ name: "notes.md", text: `use ${key}` }],
  });
  assert.equal(r.stage.state, "complete");
  const text = standIn.requests
    .slice(from)
    .map((q) => JSON.stringify(q.body))
    .join("\n");
  assert.ok(!text.includes(key) && !text.includes(token));
  assert.ok(text.includes('const id = \\"[REDACTED]\\";'));
});

test("a change review sends the changed lines with context, marked, and keeps only findings touching the change", async () => {
  const long = Array.from({ length: 100 }, (_, i) => `line${i + 1}();`).join("\n");
  const from = standIn.requests.length;
  standIn.script({ answer: { findings: [stated("big.js", 50, "line50();"), stated("big.js", 45, "line45();"), stated("other.js", 1, "x();")] } });
  const r = await reviewWithModel(standInConfig(standIn, "openai"), {
    files: [
      { path: "big.js", content: Buffer.from(long) },
      { path: "other.js", content: Buffer.from("x();\n") },
    ],
    changedLines: new Map([["big.js", [[50, 50]]]]),
    ruleFindings: [],
  });
  const text = standIn.requests[from]!.text;
  assert.ok(text.includes("50+| line50();") && text.includes("40 | line40();") && text.includes("60 | line60();"));
  assert.ok(!text.includes("line39();") && !text.includes("line61();") && !text.includes("x();"));
  assert.deepEqual(
    r.findings.map((f) => f.location.startLine),
    [50],
  );
  assert.deepEqual(
    r.droppedFindings.map((d) => d.reason),
    ["lines do not touch the change", "lines do not touch the change"],
  );
});

test("a full review sends the files the instructions name and files with rule findings first", async () => {
  const many = ["a.js", "b.js", "c.js", "d.js"].map((p) => ({ path: p, content: Buffer.from(`// ${p}\n${"x();\n".repeat(20)}`) }));
  const from = standIn.requests.length;
  await reviewWithModel(standInConfig(standIn, "openai", { chunkTokens: 60, concurrency: 1 }), {
    files: many,
    ruleFindings: [ruleFinding("c.js", 2)],
    instructions: [{ name: "f", text: "Look closely at d.js." }],
  });
  const order = standIn.requests.slice(from).map((q) => /path="([^"]+)"/.exec(q.text.slice(q.text.indexOf("CODE")))![1]);
  assert.deepEqual([...new Set(order)], ["d.js", "c.js", "a.js", "b.js"]);
});

test("findings beyond the per-review cap are dropped and counted", async () => {
  const lines = Array.from({ length: 10 }, (_, i) => `call${i}();`);
  standIn.script({ answer: { findings: lines.map((l, i) => stated("many.js", i + 1, l)) } });
  const r = await reviewWithModel(standInConfig(standIn, "openai", { maxFindings: 3 }), {
    files: [{ path: "many.js", content: Buffer.from(lines.join("\n")) }],
    ruleFindings: [],
  });
  assert.equal(r.findings.length, 3);
  assert.equal(r.stage.dropped, 7);
});

test("instructions, steering and documents beyond the cap are cut before sending", async () => {
  const from = standIn.requests.length;
  const r = await reviewWithModel(standInConfig(standIn, "openai", { maxContextChars: 100 }), {
    files,
    ruleFindings: [],
    steering: "S".repeat(60),
    documents: [{ name: "long.md", text: `${"D".repeat(60)}END-OF-DOC` }],
  });
  const text = standIn.requests[from]!.text;
  assert.ok(text.includes("S".repeat(60)) && text.includes("D".repeat(40)) && !text.includes("D".repeat(41)) && !text.includes("END-OF-DOC"));
  assert.equal(r.stage.contextCharsCut, 30);
});

test("a finding that does not fit the schema is dropped and counted; the rest of the answer is kept", async () => {
  standIn.script({ answer: { findings: [{ path: "src/routes.js", title: "no lines" }, stated("src/routes.js", 4, removeLine)] } });
  const r = await reviewWithModel(standInConfig(standIn, "anthropic"), { files, ruleFindings: [] });
  assert.deepEqual([r.stage.state, r.stage.dropped, r.findings.length], ["complete", 1, 1]);
  assert.deepEqual(
    r.droppedFindings.map((d) => d.reason),
    ["not in the answer schema"],
  );
});

test("a quote copied with the prompt's line numbers counts as the code; a quote too short to place is dropped", async () => {
  standIn.script({ answer: { findings: [stated("src/routes.js", 4, `4| ${removeLine}`), stated("./src/routes.js", 7, "(")] } });
  const r = await reviewWithModel(standInConfig(standIn, "openai"), { files, ruleFindings: [] });
  assert.deepEqual(
    r.findings.map((f) => f.location.startLine),
    [4],
  );
  assert.deepEqual(
    r.droppedFindings.map((d) => [d.path, d.reason]),
    [["src/routes.js", "quoted snippet does not match the code"]],
  );
});

test("the JSON schema sent to OpenAI is strict and leaves size limits to the reviewer's own checks", async () => {
  const from = standIn.requests.length;
  await reviewWithModel(standInConfig(standIn, "openai"), { files, ruleFindings: [] });
  const rf = standIn.requests[from]!.body.response_format as { json_schema: { strict: boolean; schema: unknown } };
  assert.equal(rf.json_schema.strict, true);
  const text = JSON.stringify(rf.json_schema.schema);
  assert.ok(!/"(minLength|maxLength|minimum|maximum|maxItems)"/.test(text));
  assert.ok(text.includes('"required":["path","startLine","endLine","snippet","title","severity","cwe","explanation","fix"]'));
});

test("a model finding repeating a rule finding (same file, CWE and lines) is dropped; one on other lines is kept", async () => {
  const execLine = "exec('ping ' + req.query.host);";
  standIn.script({ answer: { findings: [stated("src/routes.js", 7, execLine, { cwe: 78 }), stated("src/routes.js", 4, removeLine, { cwe: 78 })] } });
  const r = await reviewWithModel(standInConfig(standIn, "openai"), { files, ruleFindings: [ruleFinding("src/routes.js", 7)] });
  assert.deepEqual(
    r.findings.map((f) => f.location.startLine),
    [4],
  );
  assert.deepEqual(
    r.droppedFindings.map((d) => d.reason),
    ["repeats a rule finding"],
  );
});

test("a change review shows the removed lines where they were, redacted, and a finding beside a removal touches the change", async () => {
  const now = "app.delete('/users/:id', (req, res) => {\n  db.users.remove(req.params.id);\n});\n";
  const key = ["AKIA", "QWER", "TYUI", "OPAS", "DFGH"].join("");
  const from = standIn.requests.length;
  standIn.script({ answer: { findings: [stated("src/routes.js", 2, removeLine, { title: "Authorization check removed" })] } });
  const r = await reviewWithModel(standInConfig(standIn, "openai"), {
    files: [{ path: "src/routes.js", content: Buffer.from(now) }],
    ruleFindings: [],
    changedLines: new Map(),
    removedLines: new Map([["src/routes.js", [{ after: 1, lines: ["  requireAdmin(req);", `  audit("${key}");`] }]]]),
  });
  const text = standIn.requests[from]!.text;
  assert.ok(text.includes(`1 | app.delete('/users/:id', (req, res) => {\n -|   requireAdmin(req);\n -|   audit("[REDACTED]");\n2 | ${removeLine}`), text);
  assert.deepEqual(
    r.findings.map((f) => [f.title, f.location.startLine]),
    [["Authorization check removed", 2]],
  );
});
