import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";
import { exportedNames } from "./library-entries.ts";
import { jsImportNames } from "../syntax/js-imports.ts";
import { loadRules } from "../../../index.ts";
import { reviewOf } from "../../../testing/stream.ts";

/** `line:class:confidence:source` of each taint finding. */
const found = (language: string, source: string): string[] =>
  analyzeSource(language, language === "python" ? "m.py" : "m.js", source).map(
    (f) => `${f.location.startLine}:${f.ruleId.split(".")[2]}:${f.confidence}:${f.flow![0]!.message!.match(/\(([\w-]+)\)/)![1]}`,
  );

test("parameters of exported JavaScript functions and of exported classes' public methods are library input at low confidence", () => {
  const src = `const cp = require("child_process");
module.exports = function which(name) { return cp.execSync("which " + name); };
exports.convert = (file) => cp.exec(\`ffmpeg -i \${file}\`);
export function tag(ref) { cp.execSync("git tag " + ref); }
class Db { find(id) { return this.c.query("SELECT * FROM t WHERE id = " + id); } _raw(sql) { return this.c.query(sql); } }
module.exports.Db = Db;
function kept(dir) { cp.execSync("ls " + dir); }
exports.typed = function (n) { cp.execSync("kill " + parseInt(n, 10)); };
`;
  assert.deepEqual(found("javascript", src), [
    "2:command-injection:low:library-input",
    "3:command-injection:low:library-input",
    "4:command-injection:low:library-input",
    "5:sql-injection:low:library-input",
  ]);
});

test("names a JavaScript module exports are read from every export form", () => {
  const names = exportedNames(`module.exports = main;\nmodule.exports = { a, b: c };\nexports.x = helper;\nexport { d, e as f };\nexport default g;\n`);
  assert.deepEqual([...names].sort(), ["a", "c", "d", "e", "g", "helper", "main"]);
});

test("Python public functions and methods are library input; private ones are not, nor in a web application module its methods", () => {
  const lib = `import subprocess
def fetch(url):
    return subprocess.check_output("youtube-dl %s" % url, shell=True)
def _fetch(url):
    return subprocess.check_output("youtube-dl %s" % url, shell=True)
class Store:
    def find(self, name):
        return self.cur.execute("SELECT * FROM t WHERE n = '" + name + "'")
def count(cur, n: int):
    return cur.execute("SELECT %d" % n)
`;
  assert.deepEqual(found("python", lib), ["3:command-injection:low:library-input", "8:sql-injection:low:library-input"]);
  // A web application module's entry points are its views; a public module-level function it never calls is other modules' entry.
  assert.deepEqual(found("python", `from flask import Flask\n${lib}`), ["4:command-injection:low:library-input"]);
  assert.deepEqual(found("python", `from flask import Flask\n${lib}def refresh():\n    return fetch("https://example.com/feed")\n`), []);
});

test("a route handler is known by its position and a destructured request by the response beside it", () => {
  const src = `const cp = require("child_process");
app.get("/a", (rq, rs) => { cp.exec("ping " + rq.query.host); rs.end(); });
router.post("/b", function (incoming, outgoing) { cp.exec("ping " + outgoing.locals.host); });
app.get("/c", ({ query }, res) => { cp.exec("ping " + query.host); });
cache.get(key, (err, value) => { cp.exec("echo " + err); });
`;
  assert.deepEqual(found("javascript", src), ["2:command-injection:high:http-request", "4:command-injection:high:http-request"]);
});

test("modules required or imported under other names are the modules they are", () => {
  assert.deepEqual(
    [
      ...jsImportNames(`const FileSystem = require("fs");
const { exec: run, execSync } = require("node:child_process");
import * as FS from "node:fs";
import { readFile as rf } from "fs/promises";
const local = require("./local");
`),
    ],
    [
      ["FileSystem", "fs"],
      ["run", "child_process.exec"],
      ["execSync", "child_process.execSync"],
      ["FS", "fs"],
      ["rf", "fs.promises.readFile"],
    ],
  );
  const src = `const FileSystem = require("fs");
const { exec: run } = require("child_process");
app.get("/f", (req, res) => { FileSystem.unlinkSync("/srv/" + req.query.f); res.end(); });
app.get("/p", (req, res) => { run("ping " + req.query.h); });
`;
  assert.deepEqual(found("javascript", src), ["3:path-traversal:high:http-request", "4:command-injection:high:http-request"]);
});

test("a sink in a function no source reaches stays at low confidence when its string is built from unknown values, not from constants", async () => {
  const src = `const { execSync } = require("child_process");
const BIN = "/usr/bin";
function cleanup(dir) { execSync("rm -rf " + dir); }
function list() { execSync("ls " + BIN); }
function kill(pid) { execSync("kill " + parseInt(pid, 10)); }
function plain() { execSync("du -sh /srv"); }
app.get("/x", (req, res) => { const d = "/tmp"; execSync("ls " + d); });
`;
  const r = await reviewOf(await loadRules(), { "tasks.js": src });
  const cmd = r.findings.filter((f) => f.cwe.includes(78)).map((f) => `${f.location.startLine}:${f.confidence}`);
  assert.deepEqual(cmd, ["3:low"]);
});

test("a library entry's options named like a base directory are its caller's settings; the name joined under them is input", () => {
  const src = `const fs = require("fs"), path = require("path");
exports.mkdirp = function (opts, name) {
  fs.mkdirSync(path.resolve(opts.cwd));
  fs.writeFileSync(path.join(opts.cwd, name), "");
  fs.writeFileSync(path.join(opts.cwd, opts.file), "");
};
`;
  assert.deepEqual(found("javascript", src), ["4:path-traversal:low:library-input", "5:path-traversal:low:library-input"]);
});
