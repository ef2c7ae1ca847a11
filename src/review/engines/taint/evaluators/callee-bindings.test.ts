import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "../../../index.ts";
import { stream } from "../../../testing/stream.ts";

const rules = await loadRules();
const ids = async (src: string) =>
  (await reviewFiles({ files: stream({ "lib/layer.js": src }), rules })).findings.map((f) => `${f.location.startLine}:${f.ruleId}`);

test("a handler passed in as `exec` and called with the request's context is no command injection; child_process's exec is", async () => {
  const layer = (head: string) => `${head}
module.exports = function handle(req, res, next) {
  const ctx = { req, res, url: req.url };
  return invoke(this.handle, ctx, next);
};
function invoke(exec, ctx, next) {
  const ret = exec(ctx.url + "?" + next.name);
  return ret;
}
`;
  assert.deepEqual(await ids(layer("'use strict';")), []);
  const shell = `const { exec } = require("child_process");
module.exports = function handle(req, res) {
  exec("ls " + req.query.dir, () => res.end());
};
`;
  assert.deepEqual(await ids(shell), ["3:js.taint.command-injection"]);
});

test("a request's parsed query, params or headers logged whole are printed escaped: no log injection; one field still is", async () => {
  const log = (what: string) => `module.exports = function (app) {
  app.get("/p", (request, reply) => {
    console.log(${what});
    reply.send("ok");
  });
};
`;
  assert.deepEqual(await ids(log("request.query")), []);
  assert.deepEqual(await ids(log("request.headers")), []);
  assert.deepEqual(await ids(log("request.query.name")), ["3:js.taint.log-injection"]);
});
