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

test("keys, JWTs and secret-named values a suite makes are fixtures; the same in the package, and a provider token in a suite, are reported", async () => {
  const header = ["-----BEGIN", "RSA PRIVATE KEY-----"].join(" ");
  const key = `${header}\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----\n`;
  const src = `const secret = "EA3SsAG5xtf42T6JJ7AbG7dj";
const jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IngifQ.lsz4BIPWdkry3AHOVcjqx29GNUbipw18FMTahov07EL";
const aws = "AKIA${"QX6FMT2BIPW5ELSZ"}";
`;
  const found = await ids({ "test/fixtures/server.key": key, "test/sign.test.js": src, "keys/server.key": key, "lib/config.js": src });
  assert.deepEqual(found.sort(), [
    "keys/server.key:1:secret.private-key",
    "lib/config.js:1:secret.generic",
    "lib/config.js:2:secret.jwt",
    "lib/config.js:3:secret.aws-access-key-id",
    "test/sign.test.js:3:secret.aws-access-key-id",
  ]);
});

test("a type test (index.test-d.ts, x.tst.ts, test-d/) is never run: no run-time finding; the same code in a test that runs keeps it", async () => {
  const src = `import { expectType } from "tsd";
import { load } from ".";
const v = load("x");
if (v === NaN) expectType<string>(v);
`;
  const found = await ids({ "index.test-d.ts": src, "test-d/load.ts": src, "types/load.tst.ts": src, "test/load.test.ts": src });
  assert.deepEqual(found, ["test/load.test.ts:4:js.nan-comparison"]);
});

test("secret-named values and JWTs in documentation are examples for readers; a provider token or a private key there is reported", async () => {
  const header = ["-----BEGIN", "RSA PRIVATE KEY-----"].join(" ");
  const readme = `# Usage

\`\`\`js
var password = 'Mai9ohgh6ahxee0jutheew0pungoozil';
const jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IngifQ.lsz4BIPWdkry3AHOVcjqx29GNUbipw18FMTahov07EL";
const aws = "AKIA${"QX6FMT2BIPW5ELSZ"}";
\`\`\`

${header}
MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun
-----END RSA PRIVATE KEY-----
`;
  const code = "var password = 'Mai9ohgh6ahxee0jutheew0pungoozil';\n";
  const found = await ids({ "README.md": readme, "docs/guide.rst": readme, "lib/seed.js": code });
  assert.deepEqual(found.sort(), [
    "README.md:6:secret.aws-access-key-id",
    "README.md:9:secret.private-key",
    "docs/guide.rst:6:secret.aws-access-key-id",
    "docs/guide.rst:9:secret.private-key",
    "lib/seed.js:1:secret.generic",
  ]);
});

test("an SDK's example requests (examples-1.json) show secret-named values for readers; the same value in its data is reported", async () => {
  const json = `{
  "examples": [
    {
      "input": { "LifecycleActionToken": "bcd2f1b8-9a78-44d3-8a7a-4dd07d7cf635" }
    }
  ]
}
`;
  const found = await ids({ "data/autoscaling/2011-01-01/examples-1.json": json, "docs/examples.yaml": json, "data/autoscaling/service-2.json": json });
  assert.deepEqual(found, ["data/autoscaling/service-2.json:4:secret.generic"]);
});

test("a promise chain left floating in a test is not reported (an unhandled rejection fails the run); in the library it is", async () => {
  const src = `export function ping(client, done) {
  client.request({ path: "/" }).then(() => done());
}
`;
  const found = await ids({ "test/ping.test.js": src, "lib/ping.js": src });
  assert.deepEqual(found, ["lib/ping.js:2:js.floating-promise"]);
});
