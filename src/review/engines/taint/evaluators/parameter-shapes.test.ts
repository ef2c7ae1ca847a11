import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

/** `line:class:source` of each taint finding. */
const found = (language: string, path: string, source: string): string[] =>
  analyzeSource(language, path, source).map((f) => `${f.location.startLine}:${f.ruleId.split(".")[2]}:${f.flow![0]!.message!.match(/\(([\w-]+)\)/)![1]}`);

test("JavaScript: rest, destructured, defaulted parameters and `arguments` of an exported function are library input", () => {
  const src = `const cp = require("child_process");
exports.a = function (...args) { cp.execSync("git " + args.join(" ")); };
exports.b = function ({ repo, opts: { dest } } = {}) { cp.execSync("git clone " + repo + " " + dest); };
exports.c = function ([from, to]) { cp.execSync("mv " + from + " " + to); };
exports.d = function ({ cwd, ...flags }) { cp.execSync("eslint " + flags.fix, { cwd }); };
exports.e = function (cmd = "ls", { pattern = "*" } = {}) { cp.execSync(cmd + " " + pattern); };
exports.f = function () { cp.execSync("npm " + [].slice.call(arguments).join(" ")); };
exports.g = (...args) => cp.execFileSync("git", args);
`;
  assert.deepEqual(found("javascript", "lib/git.js", src), [
    "2:command-injection:library-input",
    "3:command-injection:library-input",
    "4:command-injection:library-input",
    "5:command-injection:library-input",
    "6:command-injection:library-input",
    "7:command-injection:library-input",
  ]);
});

test("TypeScript: typed rest and optional parameters are library input unless they hold numbers; private methods are no entry", () => {
  const src = `import { execSync } from "node:child_process";
export function kill(...pids: number[]) { execSync("kill " + pids.join(" ")); }
export function tag(...names: string[]) { execSync("git tag " + names.join(" ")); }
export function wait(port?: number | undefined, host?: string) { execSync("nc -z " + host + " " + port); }
export class Client {
  constructor(private readonly remote: string, private readonly depth: number) {}
  pull() { execSync("git pull " + this.remote); }
  fetch() { execSync("git fetch --depth=" + this.depth); }
  private raw(line: string) { execSync(line + " --quiet"); }
}
`;
  assert.deepEqual(found("typescript", "src/git.ts", src), [
    "3:command-injection:library-input",
    "4:command-injection:library-input",
    "7:command-injection:library-input",
  ]);
});

test("Python: *args, **kwargs, keyword-only and positional-only parameters are library input; `*ids: int` is not", () => {
  const src = `import os
import subprocess
def run(*args):
    subprocess.call(" ".join(args), shell=True)
def find(cur, **kw):
    cur.execute("SELECT * FROM t WHERE id = %s" % kw["id"])
def deploy(*, host, branch="main"):
    os.system("ssh %s git checkout %s" % (host, branch))
def dig(host, /, server="8.8.8.8"):
    os.system("dig @%s %s" % (server, host))
def kill(*pids: int):
    os.system("kill %s" % " ".join(str(p) for p in pids))
class Remote:
    @staticmethod
    def probe(addr):
        os.system("ping " + addr)
`;
  assert.deepEqual(found("python", "pkg/remote.py", src), [
    "4:command-injection:library-input",
    "6:sql-injection:library-input",
    "8:command-injection:library-input",
    "10:command-injection:library-input",
    "16:command-injection:library-input",
  ]);
});

test("Python: a comprehension is what its element expression makes of each element, after its if-clauses", () => {
  const src = (expr: string) => `import subprocess
import shlex
def run(*args):
    subprocess.call(${expr}, shell=True)
`;
  assert.deepEqual(found("python", "pkg/run.py", src('" ".join(shlex.quote(a) for a in args)')), []);
  assert.deepEqual(found("python", "pkg/run.py", src('" ".join([shlex.quote(a) for a in args])')), []);
  assert.deepEqual(found("python", "pkg/run.py", src('" ".join(a for a in args if a in ("-v", "-q"))')), []);
  assert.deepEqual(found("python", "pkg/run.py", src('" ".join(a.strip() for a in args)')), ["4:command-injection:library-input"]);
  assert.deepEqual(found("python", "pkg/run.py", src('" ".join(a for a in args if a)')), ["4:command-injection:library-input"]);
});

test("Python: library input handed whole to a runner without a shell is the caller's command; a shell line built from it is not", () => {
  const src = `import subprocess
def run(*args):
    return subprocess.call(list(args))
def run_sh(*args):
    return subprocess.call(["sh", "-c", " ".join(args)])
def run_line(*args):
    return subprocess.call(" ".join(args), shell=True)
`;
  assert.deepEqual(found("python", "pkg/run.py", src), ["5:command-injection:library-input", "7:command-injection:library-input"]);
});

test("a helper's destructuring parameter takes one argument: the arguments after it keep their places", () => {
  const src = `const { exec } = require("child_process");
function run({ cwd, env }, cmd) { exec(cmd, { cwd, env }); }
function each([first, second], cmd) { exec(cmd + " " + first); }
app.get("/a", (req, res) => { run({ cwd: "/tmp", env: {} }, req.query.cmd); });
app.get("/b", (req, res) => { run(req.query, "uptime"); });
app.get("/c", (req, res) => { each(["a", "b"], req.query.cmd); });
`;
  assert.deepEqual(found("javascript", "app.js", src), ["2:command-injection:http-request", "3:command-injection:http-request"]);
});

test("Python protocol methods and public module-level lambdas are entries; private names and JavaScript `_` or `#` fields are not", () => {
  const py = `import os
class Command:
    def __init__(self, program):
        os.system(program + " --version")
    def __call__(self, arg):
        os.system("run " + arg)
    def __run(self, arg):
        os.system("run " + arg)
which = lambda name: os.popen("which " + name)
_which = lambda name: os.popen("which " + name)
`;
  assert.deepEqual(found("python", "pkg/command.py", py), [
    "4:command-injection:library-input",
    "6:command-injection:library-input",
    "9:command-injection:library-input",
  ]);
  const js = `const cp = require("child_process");
class Docker {
  run = (...cmd) => cp.execSync("docker run " + cmd.join(" "));
  _exec = (...cmd) => cp.execSync(cmd.join(" "));
  #raw = (...cmd) => cp.execSync(cmd.join(" "));
}
module.exports = Docker;
`;
  assert.deepEqual(found("javascript", "lib/docker.js", js), ["3:command-injection:library-input"]);
});

test("Python: a helper with keyword-only parameters is summarised (a bare `*` gathers nothing); one with *args stays an unknown call", () => {
  const src = (head: string) => `import os
from flask import Flask, request
app = Flask(__name__)
def _run(${head}):
    os.system("nice " + cmd)
@app.route("/r")
def view():
    _run(cmd=request.args["c"])
`;
  assert.deepEqual(found("python", "app.py", src("*, cmd")), ["5:command-injection:flask-request"]);
  assert.deepEqual(found("python", "app.py", src("a=1, /, *, cmd")), ["5:command-injection:flask-request"]);
  assert.deepEqual(found("python", "app.py", src("*args, cmd")), []);
});

test("TypeScript: a declared `this` parameter takes no argument: the parameters after it get theirs", () => {
  const src = `import { exec } from "child_process";
function quiet(this: unknown, cmd: string, flag: string) { exec("nice " + flag); }
function loud(this: unknown, cmd: string, flag: string) { exec("nice " + cmd); }
app.get("/x", (req, res) => { quiet(req.query.c, "-n"); loud(req.query.c, "-n"); });
`;
  assert.deepEqual(found("typescript", "app.ts", src), ["3:command-injection:http-request"]);
});

test("TypeScript: NestJS parameters are request data by their decorator, a parsed number none, an undecorated one library input", () => {
  const src = `import { Body, Controller, Get, Param, ParseIntPipe, Post, Query } from "@nestjs/common";
import { exec } from "node:child_process";
@Controller("jobs")
export class JobsController {
  @Get(":id") show(@Param("id") id: string) { exec("cat /var/jobs/" + id); }
  @Get("n/:id") showN(@Param("id", ParseIntPipe) id: number) { exec("cat /var/jobs/" + id); }
  @Post() run(@Body() dto: { cmd: string }, @Query() q: any) { exec(dto.cmd + " " + q.flags); }
  helper(name: string) { exec("echo " + name); }
}
`;
  assert.deepEqual(found("typescript", "src/jobs.controller.ts", src), [
    "5:command-injection:nestjs-param",
    "7:command-injection:nestjs-param",
    "8:command-injection:library-input",
  ]);
  const [show] = analyzeSource("typescript", "src/jobs.controller.ts", src);
  assert.equal(show!.confidence, "high");
});

test("a Lambda handler's event is request data in its HTTP members only, by member, key or get; other keys are clean", () => {
  const js = `const { execSync } = require("child_process");
exports.a = async (event) => { execSync("echo " + JSON.parse(event.body).msg); execSync("echo " + event.detail.msg); };
exports.b = async (event) => { execSync("echo " + event["queryStringParameters"].q); execSync("echo " + event["Records"][0]); };
`;
  assert.deepEqual(found("javascript", "handler.js", js), ["2:command-injection:lambda-event", "3:command-injection:lambda-event"]);
  const py = `import subprocess
def handler(event, context):
    subprocess.run("echo " + event["body"], shell=True)
    subprocess.run("echo " + event.get("headers")["x"], shell=True)
    subprocess.run("echo " + event.get("source"), shell=True)
    subprocess.run("echo " + event["detail-type"], shell=True)
`;
  assert.deepEqual(found("python", "handler.py", py), ["3:command-injection:lambda-event", "4:command-injection:lambda-event"]);
});
