import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";
import { loadRules } from "../../../index.ts";
import { reviewOf } from "../../../testing/stream.ts";

/** `line:class` of each taint finding. */
const taint = (language: string, source: string, path = language === "python" ? "m.py" : "m.js"): string[] =>
  analyzeSource(language, path, source).map((f) => `${f.location.startLine}:${f.ruleId.split(".")[2]}`);

/** `line:confidence` of the whole review's findings of one CWE. */
async function review(files: Record<string, string>, cwe: number): Promise<string[]> {
  const r = await reviewOf(await loadRules(), files);
  return r.findings.filter((f) => f.cwe.includes(cwe)).map((f) => `${f.location.path}:${f.location.startLine}:${f.confidence}`);
}

test("without a known source, top-level bindings built from closed values, imports and members of them stay silent; a reassigned one does not", async () => {
  const src = `const { execSync } = require("child_process");
const path = require("path");
const pkg = require("./package.json");
const bin = path.join(__dirname, "vendor", process.platform === "win32" ? "tool.exe" : "tool");
let target = "dist";
function version() { return execSync(bin + " --version " + pkg.version + path.sep); }
function build() { execSync("make " + target); }
function retarget(t) { target = t; }
`;
  assert.deepEqual(await review({ "lib/tool.js": src }, 78), ["lib/tool.js:7:low"]);
});

test("without a known source, a loop variable over a literal list or a constant is closed; over anything else it is not", async () => {
  const js = `const { execSync } = require("child_process");
function tasks(list) {
  for (const task of ["lint", "test"]) execSync("npm run " + task);
  for (const t of TASKS) execSync("npm run " + t);
  for (const x of list) execSync("npm run " + x);
}
`;
  assert.deepEqual(await review({ "lib/run.js": js }, 78), ["lib/run.js:5:low"]);
  const py = `import os
def purge(names):
    for table in ("a", "b"):
        os.system("dropdb %s" % table)
    for name in names:
        os.system("dropdb %s" % name)
`;
  assert.deepEqual(await review({ "app/purge.py": py.replace("import os", "import os\nimport django") }, 78), ["app/purge.py:7:low"]);
});

test("without a known source, a private helper's parameter is closed when every call passes a closed value; one open call keeps it open", async () => {
  const helper = (calls: string) => `import django
from django.db import connection


def _vacuum(cursor, table):
    cursor.execute("VACUUM %s" % table)


def purge(extra):
    with connection.cursor() as cursor:
        for table in ("app_event", "app_session"):
${calls}
`;
  assert.deepEqual(await review({ "app/m.py": helper("            _vacuum(cursor, table)") }, 89), []);
  assert.deepEqual(await review({ "app/m.py": helper("            _vacuum(cursor, table)\n        _vacuum(cursor, extra)") }, 89), ["app/m.py:6:low"]);
  // Passed as a callback, the helper gets values no call shows.
  assert.deepEqual(await review({ "app/m.py": helper("            _vacuum(cursor, table)\n        list(map(_vacuum, extra))") }, 89), ["app/m.py:6:low"]);
});

test("without a known source, a private helper's *args, rest or destructured parameter is no one argument; those after it keep their places", async () => {
  const py = `import django
import os
def _run(*args):
    os.system("nice " + " ".join(args))
def _pick(opts: dict[str, int], cmd):
    os.system("nice " + cmd)
def main(user):
    _run("ls", user)
    _pick({"a": 1}, "ls")
`;
  assert.deepEqual(await review({ "app/m.py": py }, 78), ["app/m.py:4:low"]);
  const js = `const cp = require("child_process");
function h({ a, b }, cmd) { cp.execSync("nice " + b + cmd); }
function k(...parts) { cp.execSync("nice " + parts.join(" ")); }
function main(opts) { h(opts, "ls"); k("ls", opts.x); }
main(JSON.parse(process.env.X));
`;
  assert.deepEqual(await review({ "app/m.js": js }, 78), ["app/m.js:2:low", "app/m.js:3:low"]);
});

test("without a known source, tests and scripts keep no sink finding; the same code in a library module does", async () => {
  const src = `const { execSync } = require("child_process");
function cli(args) { return execSync("node cli.js " + args); }
module.exports = { cli };
`;
  assert.deepEqual(await review({ "test/helpers.js": src, "scripts/x.js": src }, 78), []);
  assert.deepEqual(await review({ "lib/helpers.js": src }, 78), ["lib/helpers.js:2:low"]);
});

test("os.path.commonpath([full, root]) == root confines full where it holds and the other branch leaves", () => {
  const view = (check: string) => `import os
from flask import abort, request
ROOT = "/srv/files"
def view():
    full = os.path.realpath(os.path.join(ROOT, request.args["n"]))
    ${check}
    return open(full).read()
`;
  assert.deepEqual(taint("python", view("if os.path.commonpath([full, ROOT]) != ROOT:\n        abort(404)")), []);
  assert.deepEqual(taint("python", view("if os.path.commonpath([full, ROOT]) != ROOT:\n        print('outside')")), ["8:path-traversal"]);
  assert.deepEqual(taint("python", view("if os.path.commonpath([full, OTHER]) != ROOT:\n        abort(404)")), ["8:path-traversal"]);
});

test("a relative path not starting with '..' confines the path it relates, inline or held in a variable", () => {
  const js = (check: string) => `const fs = require("fs");
const path = require("path");
app.get("/f", (req, res) => {
  const file = path.join(ROOT, req.query.p);
  ${check}
  fs.readFileSync(file);
});
`;
  assert.deepEqual(taint("javascript", js('if (path.relative(ROOT, file).startsWith("..")) return res.status(403).end();')), []);
  assert.deepEqual(taint("javascript", js('const rel = path.relative(ROOT, file); if (rel.startsWith("..")) return res.status(403).end();')), []);
  assert.deepEqual(taint("javascript", js('const rel = path.relative(ROOT, file); if (rel.startsWith("..")) console.log("out");')), ["6:path-traversal"]);
  // A raw path not starting with `..` may still climb (`a/../../x`).
  assert.deepEqual(taint("javascript", js('if (file.startsWith("..")) return res.status(403).end();')), ["6:path-traversal"]);
});

test("a check's verdict read off its result guards as the check; another member does not", () => {
  const src = (member: string) => `const cp = require("child_process");
exports.latest = function latest(pkg) {
  if (!validate(pkg).${member}) throw new Error("bad");
  return cp.execSync("npm view " + pkg + " version");
};
`;
  assert.deepEqual(taint("javascript", src("validForOldPackages")), []);
  assert.deepEqual(taint("javascript", src("warnings")), ["4:command-injection"]);
});

test("array callbacks: map to a constant or an index and filter by an allow-list clean the array; map by the element does not", () => {
  const src = (expr: string) => `const db = require("./db");
exports.byIds = function byIds(ids) {
  return db.query("SELECT * FROM t WHERE id IN (" + ${expr} + ")", ids);
};
`;
  assert.deepEqual(taint("javascript", src('ids.map(() => "?").join(",")')), []);
  assert.deepEqual(taint("javascript", src('ids.filter((c) => ["a", "b"].includes(c)).join(",")')), []);
  assert.deepEqual(taint("javascript", src('ids.map((c) => c + "?").join(",")')), ["3:sql-injection"]);
  // An index is a number, the element is not, whatever it is called.
  assert.deepEqual(taint("javascript", src('ids.map((_, i) => `$${i + 1}`).join(",")')), []);
  assert.deepEqual(taint("javascript", src(`ids.map((i) => \`'\${i}'\`).join(",")`)), ["3:sql-injection"]);
});

test("a library entry's parameter handed whole to a file sink is no path traversal; joined under a base it is", () => {
  const src = `const fs = require("fs");
const path = require("path");
exports.remove = function remove(dir) { fs.rmSync(dir, { recursive: true }); };
exports.read = function read(root, rel) { return fs.readFileSync(path.join(root, rel)); };
`;
  assert.deepEqual(taint("javascript", src), ["4:path-traversal"]);
});

test("a file read of a fixed path is no source; of a request's path it is a traversal, and what it reads sent back no XSS", () => {
  const src = `const fs = require("fs");
const path = require("path");
const layout = fs.readFileSync(path.join(__dirname, "layout.html"), "utf8");
app.get("/a", (req, res) => res.send(layout));
app.get("/b", (req, res) => res.send(fs.readFileSync(req.query.f, "utf8")));
`;
  assert.deepEqual(taint("javascript", src), ["5:path-traversal"]);
});

test("an argument list whose program is a configured name is no shell; an interpreter's name is", () => {
  const src = (program: string) => `import subprocess
class Transcoder:
    def run(self, src):
        return subprocess.run([${program}, "-i", src])
`;
  assert.deepEqual(taint("python", src("self.binary")), []);
  assert.deepEqual(taint("python", src("self.shell")), ["4:command-injection"]);
});

test("JSON.stringify makes a literal for generated code; digests keep nothing of their input", () => {
  const js = `const crypto = require("crypto");
const fs = require("fs");
exports.compile = function compile(v) { return new Function("row", "return row.x === " + JSON.stringify(v)); };
exports.compileRaw = function compileRaw(v) { return new Function("row", "return row.x === " + v); };
exports.read = function read(key) { return fs.readFileSync("/cache/" + crypto.createHash("sha256").update(key).digest("hex")); };
`;
  assert.deepEqual(taint("javascript", js), ["4:code-injection"]);
});

test("a project's own escape, known by its name, sanitizes its class only; a normalizer is no escape", () => {
  const src = `const { exec } = require("child_process");
const fs = require("fs");
exports.notify = function notify(t) { exec("notify-send " + escapeShellArg(t)); };
exports.notifyRaw = function notifyRaw(t) { exec("notify-send " + normalizePath(t)); };
exports.read = function read(n) { return fs.readFileSync("/data/" + escapeShellArg(n)); };
exports.readSafe = function readSafe(n) { return fs.readFileSync("/data/" + sanitizeFilename(n)); };
`;
  assert.deepEqual(taint("javascript", src), ["4:command-injection", "5:path-traversal"]);
});

test("without a known source, a top-level binding from a source (argv, stdin) stays open", async () => {
  const js = `const { execSync } = require("child_process");
const target = process.argv[2];
const input = require("fs").readFileSync(0, "utf8");
function a() { execSync("ping " + target); }
function b() { execSync("echo " + input); }
`;
  assert.deepEqual(await review({ "lib/cli.js": js }, 78), ["lib/cli.js:4:low", "lib/cli.js:5:low"]);
  const py = `import os
import sys
url = sys.argv[1]
name = input()
def a():
    os.system("curl " + url)
def b():
    os.system("echo " + name)
`;
  assert.deepEqual(await review({ "tool/cli.py": py }, 78), ["tool/cli.py:6:low", "tool/cli.py:8:low"]);
});

test("without a known source, a local holding a path joined from literals is closed; one joined with a parameter is not", async () => {
  const src = `const { exec } = require("child_process");
const path = require("path");
function lint() {
  let bin = path.join("./node_modules/.bin/eslint");
  exec(bin + " --fix lib");
}
function format(dir) {
  const bin = path.resolve(__dirname, "tools", "fmt");
  exec(bin + " " + path.join(dir, "src"));
}
function run(tool) {
  let bin = path.join("./node_modules/.bin", tool);
  exec(bin + " lib");
}
module.exports = { lint, format, run };
`;
  assert.deepEqual(await review({ "tasks/lint.js": src }, 78), ["tasks/lint.js:9:low", "tasks/lint.js:13:low"]);
});

test("a private helper whose every caller passes a literal is closed, even when it checks typeof an argument or names itself in a message", async () => {
  const src = (second: string) => `const exec = require("child_process").exec;
function limits(done) {
  sysconf("OPEN_MAX", { fallback: 256 }, done);
  sysconf(${second}, { fallback: 4096 }, done);
}
module.exports = limits;
function sysconf(name, options, done) {
  if (typeof options === "function") {
    done = options;
    options = { fallback: 0 };
  }
  exec("getconf " + name, (err, out) => {
    if (err) console.error("sysconf " + name + " failed");
    done(null, err ? options.fallback : Number(out));
  });
}
`;
  assert.deepEqual(await review({ "lib/limits.js": src('"PAGESIZE"') }, 78), []);
  assert.deepEqual(await review({ "lib/limits.js": src("process.env.KEY") }, 78), ["lib/limits.js:12:low"]);
});

test("without a known source, a local given literals or one of a few literals chosen by conditions is closed; a choice with a value in it is not", async () => {
  const probe = (choice: string) => `const cp = require("child_process");
const fs = require("fs");
const brewPython = fs.existsSync("/opt/homebrew/bin/python3");
const onWindows = process.platform === "win32";
exports.probe = function probe(name) {
  return new Promise((resolve) => {
    setImmediate(() => {
      let cmd = "";
      if (brewPython) {
        cmd = "python3";
        cp.exec(\`\${cmd} -V\`, (err, out) => resolve(out));
      } else {
        const cmd = ${choice};
        cp.exec(cmd, (err, out) => resolve(out));
      }
    });
  });
};
`;
  assert.deepEqual(await review({ "lib/probe.js": probe('onWindows ? "py -V" : brewPython ? "python3.12 -V" : "python3 -V"') }, 78), []);
  // A choice with the caller's value in it is reported; the walk of the function around the callbacks knows the
  // other branch's local of that name holds a literal.
  assert.deepEqual(await review({ "lib/probe.js": probe('onWindows ? "py -V" : name + " -V"') }, 78), ["lib/probe.js:14:low"]);
});
