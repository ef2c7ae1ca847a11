import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

/** `line:class` of the taint findings of a JavaScript file. */
const found = (source: string, file = "app.js"): string[] =>
  analyzeSource(file.endsWith(".ts") ? "typescript" : "javascript", file, source)
    .map((f) => `${f.location.startLine}:${f.ruleId.split(".").pop()}`)
    .sort();

const handler = (body: string) => `const express = require("express"), fs = require("fs");
const app = express();
app.get("/x", async (req, res) => {
  ${body}
});
`;

test("a query given as a config object is SQL injection through its text only, not through its bound values", () => {
  assert.deepEqual(found(handler('await pool.query({ sql: "DELETE FROM t WHERE id = ?", values: [req.params.id] });')), []);
  assert.deepEqual(found(handler('await pool.query({ text: "SELECT * FROM t WHERE id = $1", values: [req.query.id] });')), []);
  assert.deepEqual(found(handler('await pool.query({ sql: "DELETE FROM t WHERE id = " + req.params.id });')), ["4:sql-injection"]);
  const text = `const text = \`SELECT * FROM t WHERE id = \${req.query.id}\`;\n  await pool.query({ text, values: [] });`;
  assert.deepEqual(found(handler(text)), ["5:sql-injection"]);
});

test("js-yaml's load with a data-only schema is no deserialization sink; the default or full schema is", () => {
  const load = (opts: string) => handler(`const yaml = require("js-yaml");\n  res.json(yaml.load(req.body.doc${opts}));`);
  assert.deepEqual(found(load(", { schema: yaml.JSON_SCHEMA }")), []);
  assert.deepEqual(found(load(", { schema: FAILSAFE_SCHEMA }")), []);
  assert.deepEqual(found(load("")), ["5:deserialization"]);
  assert.deepEqual(found(load(", { schema: yaml.DEFAULT_FULL_SCHEMA }")), ["5:deserialization"]);
});

test("a logged object is serialized with its line breaks escaped: no log injection; a logged string still is", () => {
  assert.deepEqual(found(handler('logger.info({ q: req.query.q }, "search");')), []);
  assert.deepEqual(found(handler('logger.info("search " + req.query.q);')), ["4:log-injection"]);
});

test("a replace that keeps only word characters, dots and slashes cleans a shell argument, not a path", () => {
  const strip = (sink: string) => handler(`const cp = require("child_process");\n  const f = req.query.f.replace(/[^a-zA-Z0-9._\\/-]/g, "");\n  ${sink}`);
  assert.deepEqual(found(strip('cp.execSync("git log -- " + f);')), []);
  assert.deepEqual(found(strip('fs.readFileSync("/srv/" + f);')), ["6:path-traversal"]);
});

test("rows a query builder or an ORM returns for the request's bound values are stored data, not the request", () => {
  const koa = (body: string) => `const Router = require("@koa/router");
const router = new Router();
router.get("/p", async (ctx) => {
  ${body}
});
`;
  assert.deepEqual(found(koa('ctx.body = await knex("posts").where({ author: ctx.query.a }).select("id");')), []);
  assert.deepEqual(found(koa('ctx.body = await knex("posts").where("id", ctx.params.id).first();')), []);
  assert.deepEqual(found(handler("const item = await Item.create({ name: req.body.name });\n  res.status(201).send(item);")), []);
  assert.deepEqual(found(handler("const items = await Item.find({ owner: String(req.query.o) }).lean();\n  res.end(JSON.stringify(items));")), []);
  // An array's find(callback) returns the request's own element.
  assert.deepEqual(found(handler("const tag = req.body.tags.find((t) => t.length > 2);\n  res.send(tag);")), ["5:xss"]);
  assert.deepEqual(found(koa(`ctx.body = \`<p>\${ctx.query.a}</p>\`;`)), ["4:xss"]);
});

test("an HTTP client's response is the remote server's data: sent back it is no XSS; the caller's URL is still SSRF", () => {
  const proxy = "const r = await fetch(url);\n  res.send(Buffer.from(await r.arrayBuffer()));";
  assert.deepEqual(found(handler(`const url = new URL(req.query.u);\n  if (!ALLOWED.includes(url.hostname)) return res.sendStatus(400);\n  ${proxy}`)), []);
  assert.deepEqual(found(handler(`const url = req.query.u;\n  ${proxy}`)), ["5:ssrf"]);
});

test("a containment check that also lets the root itself through cleans the path; equality with the request's own value does not", () => {
  const serve = (check: string) =>
    handler(`const path = require("path");
  const file = path.resolve(ROOT, "." + req.path);
  if (${check}) return res.sendStatus(403);
  fs.readFile(file, (e, d) => res.end(d));`);
  assert.deepEqual(found(serve("file !== ROOT && !file.startsWith(ROOT + path.sep)")), []);
  assert.deepEqual(found(serve("!file.startsWith(ROOT + path.sep) && file !== ROOT")), []);
  assert.deepEqual(found(serve("file !== req.query.home && !file.startsWith(ROOT + path.sep)")), ["7:path-traversal"]);
  assert.deepEqual(found(serve("file !== ROOT")), []);
  assert.deepEqual(found(handler("const a = req.query.a, b = req.query.b;\n  if (a === b) fs.readFileSync(a);")), ["5:path-traversal"]);
});

test("a check on a strict numeric conversion (`Number.isInteger(Number(pid))`) checks the value; one on parseInt does not", () => {
  const kill = (check: string) =>
    `const { exec } = require("child_process");
exports.kill = function (pid, cb) {
  if (!${check}) return cb(new Error("bad pid"));
  exec("kill " + pid, cb);
};
`;
  assert.deepEqual(found(kill("Number.isInteger(Number(pid))")), []);
  assert.deepEqual(found(kill("Number.isInteger(parseInt(pid, 10))")), ["4:command-injection"]);
});

test("a file the server reads and sends back is no XSS; the request's own text still is", () => {
  const send = (body: string) =>
    handler(`const file = require("path").resolve(ROOT, req.query.f);\n  if (!file.startsWith(ROOT + "/")) return res.sendStatus(403);\n  ${body}`);
  assert.deepEqual(found(send("res.send(fs.readFileSync(file));")), []);
  assert.deepEqual(found(send('res.send("<p>" + req.query.f + "</p>");')), ["6:xss"]);
});

test("a response declared plain text or JSON (`res.type('text/plain')`, `writeHead(200, { 'Content-Type': … })`) is no XSS; HTML is", () => {
  const typed = (decl: string) => handler(`${decl}\n  res.end("Hello " + req.query.name);`);
  assert.deepEqual(found(typed('res.type("text/plain");')), []);
  assert.deepEqual(found(typed('res.writeHead(200, { "Content-Type": "application/json" });')), []);
  assert.deepEqual(found(typed('res.type("text/html");')), ["5:xss"]);
});

test("an HTML escape by a table of the markup characters cleans for XSS; a strip of `<` alone does not", () => {
  const esc = (re: string) =>
    handler(`const map = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };\n  res.send("<p>" + req.query.n.replace(${re}, (c) => map[c] || "") + "</p>");`);
  assert.deepEqual(found(esc("/[&<>\"']/g")), []);
  assert.deepEqual(found(esc("/[<]/g")), ["5:xss"]);
});

test("a host checked to be a fixed domain or one of its subdomains is no SSRF; a bare suffix is", () => {
  const fetchIf = (check: string) =>
    handler(`const url = new URL(req.query.url);\n  if (${check}) return res.sendStatus(403);\n  res.json((await axios.get(url.toString())).data);`);
  assert.deepEqual(found(fetchIf('url.hostname !== "example.com" && !url.hostname.endsWith(".example.com")')), []);
  assert.deepEqual(found(fetchIf('!url.hostname.endsWith("example.com")')), ["6:ssrf"]);
});

test("a normalized path checked not to start with `..` nor be absolute stays under its base; either check alone does not", () => {
  const norm = (check: string, init = "path.normalize(req.query.p)") =>
    handler(
      `const path = require("path");\n  const p = ${init};\n  if (${check}) return res.sendStatus(400);\n  res.sendFile(path.join(__dirname, "public", p));`,
    );
  assert.deepEqual(found(norm('p.startsWith("..") || path.isAbsolute(p)')), []);
  assert.deepEqual(found(norm('p.startsWith("..")')), ["7:path-traversal"]);
  assert.deepEqual(found(norm('p.startsWith("..") || path.isAbsolute(p)', "req.query.p")), ["7:path-traversal"]);
});

test("a redirect to the request's path with its leading slashes collapsed to one is no open redirect; with them kept it is", () => {
  const dir = (path: string) => `module.exports = function (req, res) {
  const loc = ${path} + "/";
  res.statusCode = 301;
  res.setHeader("Location", loc);
  res.end();
};
`;
  assert.deepEqual(found(dir('req.url.replace(/^[\\/\\\\]+/, "/")')), []);
  assert.deepEqual(found(dir('req.url.replace(/\\/+/g, "/")')), []);
  assert.deepEqual(found(dir('req.url.replace(/\\/+$/, "/")')), ["4:open-redirect"]);
  assert.deepEqual(found(dir("req.url")), ["4:open-redirect"]);
});

test("a response naming an encodeURI'd path is no XSS: `<` and `>` are percent-encoded", () => {
  assert.deepEqual(found(handler('res.end("Redirecting to " + encodeURI(req.path));')), []);
  assert.deepEqual(found(handler('res.end("Redirecting to " + decodeURI(req.path));')), ["4:xss"]);
});

test("a constant declared as an object literal is sent as JSON, and a date's ISO rendering holds no markup: no XSS", () => {
  assert.deepEqual(found(handler("const status = { ok: true, q: req.query.q };\n  res.send(status);")), []);
  assert.deepEqual(found(handler('const html = ["<p>", req.query.q, "</p>"].join("");\n  res.send(html);')), ["5:xss"]);
  assert.deepEqual(found(handler(`res.send(\`<time>\${new Date(req.query.ts).toISOString()}</time>\`);`)), []);
});

test("a static server's `..` checks in older forms (`~p.indexOf('..')`, `/\\.\\./.test(p)`, split segments) clean the path", () => {
  const serve = (check: string) => `const fs = require("fs"), path = require("path");
module.exports = (root) => (req, res) => {
  const p = decodeURIComponent(req.url);
  if (${check}) { res.statusCode = 403; return res.end(); }
  fs.createReadStream(path.join(root, p)).pipe(res);
};
`;
  assert.deepEqual(found(serve('~p.indexOf("..")')), []);
  assert.deepEqual(found(serve("/\\.\\./.test(p)")), []);
  assert.deepEqual(found(serve('p.split("/").includes("..")')), []);
  assert.deepEqual(found(serve('p.split("/").includes(".")')), ["5:path-traversal"]);
  assert.deepEqual(found(serve("/\\.js$/.test(p)")), ["5:path-traversal"]);
});

test("a base joined with a path normalized as absolute, or a held containment check, confines it; a resolve from the base does not", () => {
  const mw = (body: string) => `const fs = require("fs"), path = require("path");
module.exports = (root) => (req, res, next) => {
  ${body}
};
`;
  assert.deepEqual(found(mw('fs.createReadStream(path.join(root, path.normalize("/" + req.path))).pipe(res);')), []);
  assert.deepEqual(found(mw('fs.createReadStream(path.join(root, path.posix.resolve("/", req.path))).pipe(res);')), []);
  assert.deepEqual(found(mw('fs.createReadStream(path.resolve(root, path.normalize("/" + req.path))).pipe(res);')), ["3:path-traversal"]);
  const held = [
    "const t = path.resolve(root, req.path);",
    "  const inside = t.startsWith(root + path.sep);",
    "  if (!inside) return next();",
    "  fs.createReadStream(t).pipe(res);",
  ].join("\n");
  assert.deepEqual(found(mw(held)), []);
});

test("a helper named for collapsing leading slashes cleans a directory redirect; one named otherwise does not", () => {
  const mw = (helper: string) => `function ${helper}(str) {
  let i = 0;
  while (str[i] === "/") i++;
  return i > 1 ? "/" + str.slice(i) : str;
}
module.exports = function (req, res) {
  res.setHeader("Location", ${helper}(req.url + "/"));
  res.end();
};
`;
  assert.deepEqual(found(mw("collapseLeadingSlashes")), []);
  assert.deepEqual(found(mw("withSlash")), ["7:open-redirect"]);
});

test("a Koa context carries the request through its request members only: a parser's own ctx (ctx.doc, ctx.options) is no source", () => {
  const parser = `const log = require("./log");
function addPair(ctx, map, key) {
  const level = ctx.doc.options.logLevel;
  log.warn(level, "duplicate key " + ctx.indent + key);
}
module.exports = { addPair };
`;
  assert.deepEqual(found(parser), []);
  const koa = `const Router = require("@koa/router"), { exec } = require("child_process");
const router = new Router();
router.get("/r", async (ctx) => {
  exec("report " + ctx.query.user);
  const { params } = ctx;
  exec("report " + params.type);
  exec("report " + ctx.state.user.id);
});
`;
  assert.deepEqual(found(koa), ["4:command-injection", "6:command-injection"]);
});

test("a parameter named request that the function calls is an HTTP client it was handed, not the incoming request", () => {
  const hook = `async function hook(token, request, route, parameters) {
  const endpoint = request.endpoint.merge(route, parameters);
  endpoint.headers.authorization = "token " + token;
  return request(endpoint);
}
module.exports = { hook };
`;
  assert.deepEqual(found(hook), []);
  const proxy = `const express = require("express"), got = require("got");
const app = express();
app.get("/p", async (request, response) => {
  response.send(await got(request.query.url));
});
`;
  assert.deepEqual(found(proxy), ["4:ssrf"]);
});

test("a Location header named in lower case is a redirect; the URL path normalized first (no leading //) stays on the site", () => {
  const slash = (value: string) => handler(`res.statusCode = 301;\n  res.setHeader("location", ${value});\n  res.end();`);
  assert.deepEqual(found(slash('req.url + "/"')), ["5:open-redirect"]);
  assert.deepEqual(found(slash('path.normalize(req.url) + "/"')), []);
  assert.deepEqual(found(slash('collapseLeadingSlashes(req.url + "/")')), []);
});
