import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../index.ts";
import { stream } from "../testing/stream.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";
const rules = await loadRules();
/** Lines of the uses reported, a pattern written again in the file included (fold-copies.ts lists those as related). */
const lines = async (path: string, src: string): Promise<number[]> =>
  (await reviewFiles({ files: stream({ [path]: src }), rules, taint: false })).findings
    .filter((f) => f.ruleId === "js.redos")
    .flatMap((f) => [f.location.startLine, ...f.relatedLocations.filter((l) => /same pattern/.test(l.message ?? "")).map((l) => l.startLine)])
    .sort((a, b) => a - b);

test("a quadratic pattern applied to a digest, a number's rendering or the process's own facts meets no input", async () => {
  const src = `const crypto = require("crypto");
exports.sign = function (val, secret) {
  return crypto.createHmac("sha256", secret).update(val).digest("base64").replace(/=+$/, "");
};
exports.seconds = (n) => n.toFixed(3).replace(/\\.?0+$/, "");
exports.node = () => process.version.match(/\\s*,\\s*v/);
exports.trim = function (header) {
  return header.replace(/=+$/, "");
};
exports.strip = (s) => s.replace(/\\.?0+$/, "");
exports.api = () => (process.env.API_URL || "https://api.example.com").replace(/\\/+$/, "");
exports.base = (url) => (url || "https://api.example.com").replace(/\\/+$/, "");
`;
  assert.deepEqual(await lines("lib/sign.js", src), [8, 10, 12]);
});

test("a pattern run once at load on the module's own values meets no input; one in a function taking arguments, or on the page's address, does", async () => {
  const src = `var shared = globalThis["__shared__"];
var uid = (function () {
  var m = /[^.]+$/.exec((shared && shared.keys) || "");
  return m ? "src_1." + m : "";
})();
var hashId = (function () {
  return /[^.]+$/.exec(location.hash);
})();
module.exports = function parse(key) {
  return /[^.]+$/.exec(key);
};
`;
  assert.deepEqual(await lines("lib/uid.js", src), [7, 10]);
});

test("a pattern on a command's output (execSync's result, a callback's stdout, its lines) meets no input; the same on a caller's text does", async () => {
  const src = `const { execSync, exec } = require("child_process");
exports.branch = function () {
  return execSync("git rev-parse --abbrev-ref HEAD").toString().replace(/^\\s+|\\s+$/g, "");
};
exports.cards = function (cb) {
  exec("aplay -l", (error, stdout) => {
    const lines = stdout.toString().split("\\n");
    lines.forEach((line) => {
      const m = line.match(/^\\s*(\\d+)\\s+\\[(.*)\\s*\\]:/);
      if (m) cb(m[2]);
    });
  });
};
exports.parseCards = function (text) {
  for (const line of text.split("\\n")) {
    const m = line.match(/^\\s*(\\d+)\\s+\\[(.*)\\s*\\]:/);
    if (m) return m[2];
  }
};
exports.tidy = (name) => name.replace(/^\\s+|\\s+$/g, "");
`;
  assert.deepEqual(await lines("lib/cards.js", src), [16, 20]);
});

test("a quadratic pattern reading a template's tags parses the app's own template; an exponential one, or the same on other text, is reported", async () => {
  const src = `exports.render = function render(template, data) {
  return template.replace(/\\{\\{(.+?)\\}\\}/g, (_, key) => data[key.trim()]);
};
exports.compile = (tpl) => tpl.replace(/<%=(.+?)%>/g, "\${$1}");
exports.names = (template) => /\\{\\{((?:\\w+\\s?)+)\\}\\}/.exec(template);
exports.links = (text) => text.replace(/\\[\\[(.+?)\\]\\]/g, "<a>$1</a>");
`;
  assert.deepEqual(await lines("lib/render.js", src), [5, 6]);
});

// The patterns are ones recheck judges in a fraction of a second: these tests are about reach, and a
// pattern near the analyser's safety net would make them depend on the machine's load.
test("a parser the module keeps private and calls only on a command's output meets no input; exported, or given a caller's text, it does", async () => {
  const src = `const { exec } = require("child_process");
function parseCards(text) {
  return text.split("\\n").map((line) => line.match(/^\\s*(\\d+)\\s+\\[(.*)\\s*\\]:/));
}
exports.cards = function (cb) {
  exec("aplay -l", (error, stdout) => cb(parseCards(stdout)));
};
function parseMounts(text) {
  return text.split("\\n").map((line) => line.match(/^(\\S+)\\s+(.*)\\s*\\((.*)\\)$/));
}
exports.mounts = function (cb) {
  exec("mount", (error, stdout) => cb(parseMounts(stdout)));
};
exports.parseMountTable = (table) => parseMounts(table);
const parseLinks = (text) => text.match(/^(\\S+):\\s+(.*)\\s*:/);
exports.parseLinks = parseLinks;
`;
  assert.deepEqual(await lines("lib/system.js", src), [9, 15]);
});

test("a pattern in a module constant applied only to a command's output meets no input; one applied to a caller's text, or exported, does", async () => {
  const src = `const { execSync } = require("child_process");
const CARD = /^\\s*(\\d+)\\s+\\[(.*)\\s*\\]:/;
exports.cards = () => execSync("aplay -l").toString().split("\\n").map((l) => CARD.exec(l));
const MOUNT = /^(\\S+)\\s+(.*)\\s*\\((.*)\\)$/;
exports.mounts = () => execSync("mount").toString().split("\\n").map((l) => l.match(MOUNT));
exports.parseMount = (line) => MOUNT.exec(line);
const LINK = /^(\\S+):\\s+(.*)\\s*:/;
exports.LINK = LINK;
`;
  assert.deepEqual(await lines("lib/tables.js", src), [4, 7]);
});
