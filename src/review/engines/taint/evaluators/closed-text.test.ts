import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules } from "../../../index.ts";
import { reviewOf } from "../../../testing/stream.ts";
import { closedText } from "./closed-text.ts";

const names = {
  name: (n: string) => n === "SAFE" || n === "s",
  sanitizer: (callee: string) => /sanitize/i.test(callee),
};

test("a value is closed when every part it can yield is a literal, a sanitizer's result, itself or a closed name", () => {
  assert.equal(closedText("out + s[i]", "out", names), true);
  assert.equal(closedText("polluted() ? '---' : util.sanitizeShellString(name)", "s", names), true);
  assert.equal(closedText("(SAFE + '-') + \"x\"", "v", names), true);
  assert.equal(closedText("out + name[i]", "out", names), false);
  assert.equal(closedText("flag ? name : '---'", "s", names), false);
  assert.equal(closedText("opts?.name ?? 'x'", "s", names), false);
  assert.equal(closedText("run(name)", "s", names), false);
});

const rules = await loadRules();
const wifi = (copied: string) => `const { execSync } = require('child_process');
const util = require('./util');

function profileState(iface, polluted) {
  let safe = '';
  const s = polluted ? '---' : util.sanitizeShellString(iface);
  for (let i = 0; i < s.length; i++) {
    if (s[i] !== undefined) safe = safe + ${copied}[i];
  }
  return execSync('netsh wlan show profiles "' + safe + '"').toString();
}

function report() {
  const names = execSync('netsh wlan show interfaces').toString().split('\\n');
  return names.map((name) => profileState(name.trim(), process.platform !== 'win32'));
}
module.exports = { report };
`;

test("a command built from a sanitized string copied character by character is not reported; from the raw one, at low confidence", async () => {
  const found = async (copied: string) =>
    (await reviewOf(rules, { "lib/wifi.js": wifi(copied) })).findings
      .filter((f) => f.ruleId.endsWith("command-injection"))
      .map((f) => `${f.location.startLine}:${f.confidence}`);
  assert.deepEqual(await found("s"), []);
  assert.deepEqual(await found("iface"), ["10:low"]);
});

test("a command naming the process the program started (`kill <child.pid>`) is not reported; a pid the caller passes is, at low confidence", async () => {
  const monitor = `const { exec, spawn } = require("child_process");
let child = null;
function start(script) {
  child = spawn(process.execPath, [script]);
}
function stop() {
  exec("kill -TERM " + child.pid);
}
function stopOther(opts) {
  exec("kill -TERM " + opts.target);
}
module.exports = { start, stop, stopOther };
`;
  const found = (await reviewOf(rules, { "lib/monitor.js": monitor })).findings
    .filter((f) => f.ruleId.endsWith("command-injection"))
    .map((f) => `${f.location.startLine}:${f.confidence}`);
  assert.deepEqual(found, ["10:low"]);
});
