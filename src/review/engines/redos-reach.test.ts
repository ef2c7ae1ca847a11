import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../index.ts";
import { stream } from "../testing/stream.ts";

// Verdicts must not depend on the machine's load here (engines/redos.ts).
process.env.CRS_REDOS_PATTERN_MS ??= "10000";
const rules = await loadRules();
const lines = async (path: string, src: string): Promise<number[]> =>
  (await reviewFiles({ files: stream({ [path]: src }), rules, taint: false })).findings.filter((f) => f.ruleId === "js.redos").map((f) => f.location.startLine);

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
`;
  assert.deepEqual(await lines("lib/sign.js", src), [8, 10]);
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
