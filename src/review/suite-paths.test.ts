import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules, reviewFiles } from "./index.ts";
import { stream } from "./testing/stream.ts";

const rules = await loadRules();
const server = `const http = require("http");
http.createServer((req, res) => {
  res.end("Not a match: " + req.url);
}).listen(0);
`;
const ids = async (files: Record<string, string>) =>
  (await reviewFiles({ files: stream(files), rules })).findings.map((f) => `${f.location.path}:${f.location.startLine}:${f.ruleId}`);

test("a test suite's server echoing the URL is no product XSS; the same server in the package (or an example) is", async () => {
  const found = await ids({ "test/support/server.js": server, "lib/server.js": server, "st.tests.js": server, "test.js": server, "examples/serve.js": server });
  assert.deepEqual(found.sort(), ["examples/serve.js:3:js.taint.xss", "lib/server.js:3:js.taint.xss"]);
});

test("a super-linear pattern in a bundled test file (x.tests.js) is not reported; in the library it is", async () => {
  const src = "export const trailing = (s) => s.replace(/\\s+$/, '');\n";
  const found = await ids({ "dist/lib.tests.js": src, "dist/lib.js": src });
  assert.deepEqual(found, ["dist/lib.js:1:js.redos"]);
});

test("a test client that skips TLS verification is no product weakness; a leaked key in a test and its correctness bugs are still reported", async () => {
  const client = `const https = require("https");
const agent = new https.Agent({ rejectUnauthorized: false });
const key = "AKIA${"ABCDEFGHIJKLMNOP"}";
if (agent === NaN) throw new Error();
`;
  const found = await ids({ "test/https.test.js": client, "lib/client.js": client });
  assert.deepEqual(found.sort(), [
    "lib/client.js:2:js.tls-verification-disabled",
    "lib/client.js:3:secret.aws-access-key-id",
    "lib/client.js:4:js.nan-comparison",
    "test/https.test.js:3:secret.aws-access-key-id",
    "test/https.test.js:4:js.nan-comparison",
  ]);
});
