import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "./index.ts";
import { stream } from "./testing/stream.ts";
import { foldFindings } from "./fold.ts";
import type { Finding, Severity } from "./types.ts";

const rules = await loadRules();

test("a predictable token stored in the session and a cookie is one finding: the taint one, its other sink related", async () => {
  const py = `import random
from flask import Flask, session, make_response
app = Flask(__name__)
@app.route("/login")
def login():
    token = str(random.random())
    session["token"] = token
    resp = make_response("ok")
    resp.set_cookie("token", token)
    return resp
`;
  const { findings } = await reviewFiles({ files: stream({ "login.py": py }), rules });
  const random = findings.filter((f) => f.cwe.includes(338));
  assert.equal(random.length, 1);
  assert.equal(random[0]!.engine, "taint");
  assert.deepEqual(
    random[0]!.flow!.map((l) => l.startLine),
    [6, 6, 7],
  );
  assert.ok(random[0]!.relatedLocations.some((l) => l.startLine === 9 && /also reaches/.test(l.message ?? "")));
});

const at = (ruleId: string, engine: string, line: number, severity: Severity, cwe: number[], flow?: number[]): Finding => {
  const loc = (l: number) => ({ path: "a.js", startLine: l, startColumn: 1, endLine: l, endColumn: 2 });
  return {
    ruleId,
    title: ruleId,
    description: "",
    severity,
    cwe,
    confidence: "medium",
    tags: [],
    location: loc(line),
    relatedLocations: [],
    fingerprint: ruleId,
    engine,
    ...(flow ? { flow: flow.map(loc) } : {}),
  };
};

test("a pattern finding on a taint flow of the same CWE folds into it, which keeps the higher severity", () => {
  const out = foldFindings([at("js.code-injection", "pattern", 3, "critical", [95]), at("js.taint.code-injection", "taint", 5, "high", [94, 95], [3, 5])]);
  assert.deepEqual(
    out.map((f) => [f.ruleId, f.severity]),
    [["js.taint.code-injection", "critical"]],
  );
});

test("a pattern finding of another CWE on the flow, or of the same CWE elsewhere, stays", () => {
  const out = foldFindings([
    at("js.weak-hash", "pattern", 3, "medium", [328]),
    at("js.xss-response", "pattern", 9, "high", [79]),
    at("js.taint.xss", "taint", 5, "high", [79], [3, 5]),
  ]);
  assert.deepEqual(
    out.map((f) => f.ruleId),
    ["js.weak-hash", "js.xss-response", "js.taint.xss"],
  );
});

test("of two findings of one weakness on one line, the more severe comes first", () => {
  const out = foldFindings([
    at("js.hardcoded-credential", "pattern", 4, "high", [798]),
    at("js.weak-hash", "pattern", 2, "medium", [328]),
    at("js.jwt-hardcoded-secret", "pattern", 4, "critical", [798]),
  ]);
  assert.deepEqual(
    out.map((f) => f.ruleId),
    ["js.jwt-hardcoded-secret", "js.weak-hash", "js.hardcoded-credential"],
  );
  // The secret scanner's finding of the value absorbs a pattern finding of it, keeping the more severe severity.
  const scanned = foldFindings([at("js.hardcoded-credential", "pattern", 4, "critical", [798]), at("secret.generic", "secrets", 4, "high", [798])]);
  assert.deepEqual(
    scanned.map((f) => `${f.ruleId} ${f.severity}`),
    ["secret.generic critical"],
  );
});

test("a hard-coded password the secret scanner also finds is one finding: the scanner's, redacted; another line's credential stays", async () => {
  const src = `const db = require("./db");
const password = "Mai9ohgh6ahxee0jutheew0pungoozil";
db.connect({ user: "app", password: "hunter2" });
`;
  const { findings } = await reviewFiles({ files: stream({ "lib/seed.js": src }), rules });
  const credentials = findings.filter((f) => f.cwe.includes(798)).map((f) => `${f.location.startLine} ${f.ruleId}`);
  assert.deepEqual(credentials.sort(), ["2 secret.generic", "3 js.hardcoded-credential"]);
  assert.ok(!findings.some((f) => f.location.snippet?.includes("Mai9ohgh6ahxee0jutheew0pungoozil")));
});

test("a query built in one sink and run by another (session.execute(text(f'…')), or text() then execute) is one finding, where it is built", async () => {
  const py = `from sqlalchemy import text

def owned(session, table, user):
    return session.execute(text(f"SELECT * FROM {table} WHERE owner = '{user}'")).fetchall()

def owned_too(session, user):
    q = text("SELECT * FROM t WHERE owner = '" + user + "'")
    return session.execute(q).fetchall()
`;
  const { findings } = await reviewFiles({ files: stream({ "reports.py": py }), rules });
  const sql = findings.filter((f) => f.ruleId === "py.taint.sql-injection");
  assert.deepEqual(
    sql.map((f) => [
      f.location.startLine,
      f.location.snippet?.startsWith("text("),
      f.relatedLocations.filter((l) => /also reaches/.test(l.message ?? "")).map((l) => l.startLine),
    ]),
    [
      [4, true, [4]],
      [7, true, [8]],
    ],
  );
});
