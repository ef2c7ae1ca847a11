import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules } from "./index.ts";
import { reviewOf } from "./testing/stream.ts";

const rules = await loadRules();

/** Floating-promise findings of a review, as `path:line`. */
async function floating(files: Record<string, string>): Promise<string[]> {
  const r = await reviewOf(rules, files);
  return r.findings.filter((f) => f.ruleId === "js.floating-promise").map((f) => `${f.location.path}:${f.location.startLine}`);
}

// A callback library's promise wrappers, as system-information packages write them.
const shell = (executor: string, extra = "") => `const { exec } = require('child_process');

function run(cmd, callback) {
  return new Promise(${executor} => {
    exec(cmd, (error, stdout) => {
      if (callback) callback(stdout);
      resolve(error ? '' : stdout);
    });
  });
}
${extra}
module.exports = { run };
`;
const caller = `const shell = require('./shell');

function uptime() {
  shell.run('uptime').then((out) => {
    console.log(out.trim());
  });
}
module.exports = { uptime };
`;

test("a .then() chain on another file's promise wrapper without reject is no floating promise", async () => {
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve)"), "lib/info.js": caller }), []);
  assert.deepEqual(await floating({ "lib/shell.js": shell("function (resolve)"), "lib/info.js": caller }), []);
});

test("a chain on a wrapper whose executor can reject is still a floating promise", async () => {
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve, reject)"), "lib/info.js": caller }), ["lib/info.js:4"]);
});

test("a name also declared by a file without such a wrapper is not judged a promise that cannot reject", async () => {
  const other = "async function run(cmd) {\n  const res = await fetch(cmd);\n  return res.text();\n}\nmodule.exports = { run };\n";
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve)"), "lib/remote.js": other, "lib/info.js": caller }), ["lib/info.js:4"]);
  // A declaration file only describes the function: it is no second declaration.
  const types = "export function run(cmd: string, callback?: (out: string) => void): Promise<string>;\n";
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve)"), "lib/index.d.ts": types, "lib/info.js": caller }), []);
});

test("a wrapper that can also return another promise, or is async, may reject", async () => {
  const twoWays = shell("(resolve)").replace(
    "function run(cmd, callback) {",
    "function run(cmd, callback) {\n  if (!cmd) return Promise.reject(new Error('no command'));",
  );
  assert.deepEqual(await floating({ "lib/shell.js": twoWays, "lib/info.js": caller }), ["lib/info.js:4"]);
  const isAsync = shell("(resolve)").replace("function run(", "async function run(");
  assert.deepEqual(await floating({ "lib/shell.js": isAsync, "lib/info.js": caller }), ["lib/info.js:4"]);
});

test("a promise held in a property is judged by every value the property is given", async () => {
  const token = (reassigned: string) => `class Token {
  constructor(executor) {
    let settle;
    this.promise = new Promise(function (resolve) {
      settle = resolve;
    });
    ${reassigned}
    this.promise.then((reason) => {
      this.reason = reason;
    });
    executor(settle);
  }
}
module.exports = Token;
`;
  assert.deepEqual(await floating({ "lib/token.js": token("") }), []);
  assert.deepEqual(await floating({ "lib/token.js": token("if (executor.remote) this.promise = fetch(executor.remote);") }), ["lib/token.js:8"]);
  // A local of the same name (a wrapper's chained promise) is another value than the property.
  const local = "this.wrap = (f) => { const promise = new Promise((resolve) => resolve()).then(f); return promise; };";
  assert.deepEqual(await floating({ "lib/token.js": token(local) }), []);
  // ... and a variable's chain is judged by the variable's values only.
  const byVariable = `let promise = fetch("/x");
this.promise = new Promise((resolve) => resolve());
promise.then(() => {});
`;
  assert.deepEqual(await floating({ "lib/load.js": byVariable }), ["lib/load.js:3"]);
});

test("Promise.all over calls of such wrappers, listed or pushed, is no floating promise; one other call keeps it", async () => {
  const report = (list: string) => `const shell = require('./shell');

function report(callback) {
  const workload = [];
  workload.push(shell.run('uname -a'));
  ${list}
  Promise.all(workload).then((parts) => callback(parts.join(' ')));
  Promise.all([shell.run('whoami'), shell.run('hostname')]).then((parts) => callback(parts.join(' ')));
}
module.exports = { report };
`;
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve)"), "lib/report.js": report("workload.push(shell.run('uptime'));") }), []);
  assert.deepEqual(await floating({ "lib/shell.js": shell("(resolve)"), "lib/report.js": report("workload.push(fetch('/uptime'));") }), ["lib/report.js:7"]);
});
