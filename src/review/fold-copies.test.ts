import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "./index.ts";
import { stream } from "./testing/stream.ts";

const rules = await loadRules();

const helper = (name: string) => `const { exec } = require("child_process");
exports.${name} = function (file, cb) {
  exec("convert " + file + " -resize 50% thumbnail-of-the-picture.png", cb);
};
`;

test("a finding on code a package also ships as built copies is one finding, at the source, the copies related", async () => {
  const src = helper("thumb");
  const { findings } = await reviewFiles({
    files: stream({ "lib/thumb.js": src, "lib/thumb.mjs": src, "dist/cjs/thumb.js": src, "dist/esm/thumb.js": src }),
    rules,
  });
  const cmd = findings.filter((f) => f.cwe.includes(78));
  assert.deepEqual(
    cmd.map((f) => f.location.path),
    ["lib/thumb.js"],
  );
  assert.deepEqual(
    cmd[0]!.relatedLocations
      .filter((l) => /same code/.test(l.message ?? ""))
      .map((l) => l.path)
      .sort(),
    ["dist/cjs/thumb.js", "dist/esm/thumb.js", "lib/thumb.mjs"],
  );
});

test("the same code pasted into two source files stays two findings: two places to fix", async () => {
  const src = helper("thumb");
  const { findings } = await reviewFiles({ files: stream({ "lib/thumb.js": src, "routes/thumb.js": src }), rules });
  assert.equal(findings.filter((f) => f.cwe.includes(78)).length, 2);
});

test("different code in two files stays two findings", async () => {
  const { findings } = await reviewFiles({ files: stream({ "lib/a.js": helper("a"), "lib/b.js": helper("b").replace("50%", "25%") }), rules });
  assert.equal(findings.filter((f) => f.cwe.includes(78)).length, 2);
});

test("the same code in two source packages named web/ stays two findings: web/ is source, not a build", async () => {
  const src = helper("thumb");
  const files = stream({ "src/app/web/orders/thumb.js": src, "src/app/web/users/thumb.js": src });
  const { findings } = await reviewFiles({ files, rules });
  assert.equal(findings.filter((f) => f.cwe.includes(78)).length, 2);
});

test("a package that ships only builds (dist/cjs and dist/esm) reports the weakness once", async () => {
  const src = helper("thumb");
  const { findings } = await reviewFiles({ files: stream({ "dist/cjs/thumb.js": src, "dist/esm/thumb.js": src }), rules });
  assert.deepEqual(
    findings.filter((f) => f.cwe.includes(78)).map((f) => f.location.path),
    ["dist/cjs/thumb.js"],
  );
});

test("a super-linear pattern a bundle copies into a rewritten line is one finding, at the source; the same pattern in two source files stays two", async () => {
  process.env.CRS_REDOS_PATTERN_MS ??= "10000";
  const source = `export function stripQuery(url) {\n  return url.replace(/([?&][^=&#]*=)[^&#]*/g, "$1");\n}\n`;
  const bundle = `var stripQuery = function stripQuery(url) { return url.replace(/([?&][^=&#]*=)[^&#]*/g, "$1"); };\nmodule.exports = { stripQuery };\n`;
  const redos = async (files: Record<string, string>) =>
    (await reviewFiles({ files: stream(files), rules, taint: false })).findings.filter((f) => f.ruleId === "js.redos").map((f) => f.location.path);
  assert.deepEqual(await redos({ "lib/url.js": source, "dist/url.js": bundle }), ["lib/url.js"]);
  assert.deepEqual(await redos({ "lib/url.js": source, "min/all-in-one.js": bundle }), ["lib/url.js"]);
  assert.deepEqual((await redos({ "lib/url.js": source, "lib/links.js": bundle })).sort(), ["lib/links.js", "lib/url.js"]);
});

test("a super-linear pattern far along a minified bundle's line (past what its snippet shows) is one finding, at the source", async () => {
  process.env.CRS_REDOS_PATTERN_MS ??= "10000";
  const source = `export function stripQuery(url) {\n  return url.replace(/([?&][^=&#]*=)[^&#]*/g, "$1");\n}\n`;
  const padding = Array.from({ length: 30 }, (_, i) => `var v${i}=function(a){return a+${i}};`).join("");
  // A small bundle (a large one of such lines, or a `.min.js`, is skipped as minified).
  const minified = `${padding}exports.stripQuery=function(u){return u.replace(/([?&][^=&#]*=)[^&#]*/g,"$1")};\n//# end\n`;
  const redos = async (files: Record<string, string>) =>
    (await reviewFiles({ files: stream(files), rules, taint: false })).findings.filter((f) => f.ruleId === "js.redos").map((f) => f.location.path);
  assert.deepEqual(await redos({ "src/url.js": source, "dist/url.js": minified }), ["src/url.js"]);
  // The same minified line beside another source file (not a build folder, another name) stays its own finding.
  assert.deepEqual((await redos({ "src/url.js": source, "src/links.js": minified })).sort(), ["src/links.js", "src/url.js"]);
});

test("one super-linear pattern written again in the same file is one finding at its first use, the other uses related", async () => {
  const src = `export function strip(value) {
  return value.replace(/[^\\n]+$/, "");
}
export function stripLast(values) {
  return values[values.length - 1].replace(/[^\\n]+$/, "");
}
export function stripAll(values) {
  return values.map((v) => v.replace(/[^\\n]+$/, ""));
}
export function trimEnd(value) {
  return value.replace(/\\s+x+\\s+$/, "");
}
export const type = (value) => value.split(/ *; */).shift();
export const params = (value) => value.split(/ *; */).slice(1);
`;
  const { findings } = await reviewFiles({ files: stream({ "lib/stringify.js": src }), rules });
  const redos = findings.filter((f) => f.ruleId === "js.redos");
  assert.deepEqual(
    redos.map((f) => f.location.startLine),
    [2, 11, 13],
  );
  assert.deepEqual(
    redos[0]!.relatedLocations.filter((l) => /same pattern/.test(l.message ?? "")).map((l) => l.startLine),
    [5, 8],
  );
  // The same pattern in another source file is another place to fix.
  const two = await reviewFiles({ files: stream({ "lib/a.js": src, "lib/b.js": src }), rules });
  assert.equal(two.findings.filter((f) => f.ruleId === "js.redos").length, 6);
});
