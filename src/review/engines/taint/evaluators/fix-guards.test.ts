import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

/** Lines of taint findings. */
const lines = (language: string, source: string): number[] =>
  analyzeSource(language, language === "python" ? "v.py" : "v.js", source).map((f) => f.location.startLine);

const js = (check: string, sink = "fs.readFileSync(p);") => `const fs = require("fs");
app.get("/f", (req, res) => {
  let p = req.query.p;
  ${check}
  ${sink}
});
`;

test("a check function named as one, whose failure returns, cleans its argument; without the return it does not", () => {
  assert.deepEqual(lines("javascript", js("if (!allowPath(p, ROOT)) { res.status(403).end(); return; }")), []);
  assert.deepEqual(lines("javascript", js("if (!allowPath(p, ROOT)) { res.status(403).end(); }")), [5]);
  // A call named for something else checks nothing.
  assert.deepEqual(lines("javascript", js("if (!loadPath(p, ROOT)) { return; }")), [5]);
  // Containment checks named for what they check (`is-path-inside`, `path-is-inside`, a project's own).
  assert.deepEqual(lines("javascript", js("if (!isPathInside(p, ROOT)) return res.sendStatus(403);")), []);
  assert.deepEqual(lines("javascript", js("if (!pathIsInside(p, ROOT)) return res.sendStatus(403);")), []);
  assert.deepEqual(lines("javascript", js("if (!isPathName(p, ROOT)) return res.sendStatus(403);")), [5]);
});

test("a validator called as a statement vouches for its argument after it", () => {
  assert.deepEqual(lines("javascript", js("validatePath(p);")), []);
  assert.deepEqual(lines("javascript", js("logPath(p);")), [5]);
  assert.deepEqual(
    lines(
      "python",
      `from flask import request
def view():
    name = request.args["n"]
    validate_key_name(name)
    return open(name).read()
`,
    ),
    [],
  );
});

test("indexOf(root) compared with 0 is a containment check", () => {
  assert.deepEqual(lines("javascript", js("if (p.indexOf(ROOT) !== 0) return res.status(403).end();")), []);
  assert.deepEqual(lines("javascript", js("if (p.indexOf(ROOT) === -1) return res.status(403).end();")), [5]);
});

test("after a loop that strips '..' while the path holds it, the path is clean for path traversal only", () => {
  assert.deepEqual(lines("javascript", js("while (p.includes('../')) p = p.replace('../', '');")), []);
  assert.deepEqual(lines("javascript", js("while (p.includes('../')) p = p.replace('../', '');", "require('child_process').exec('cat ' + p);")), [5]);
  assert.deepEqual(
    lines(
      "python",
      `from flask import request
def view():
    name = request.args["n"]
    while ".." in name:
        name = name.replace("..", "")
    return open(name).read()
`,
    ),
    [],
  );
});

test("String(x) or x.toString() before a Mongo query is no operator object", () => {
  const q = (v: string) => `app.get("/u", async (req, res) => { res.json(await User.findOne({ name: ${v} })); });\n`;
  assert.deepEqual(lines("javascript", q("String(req.query.name)")), []);
  assert.deepEqual(lines("javascript", q("req.query.name.toString()")), []);
  assert.deepEqual(lines("javascript", q("req.query.name")), [1]);
});

test("a slice as long as the root and its separator, compared with both, is a containment check; one char short is not", () => {
  const cut = (len: string) => js(`if (p.slice(0, ${len}) !== ROOT + path.sep) return res.status(403).end();`);
  assert.deepEqual(lines("javascript", cut("ROOT.length + 1")), []);
  assert.deepEqual(lines("javascript", cut("(ROOT + path.sep).length")), []);
  assert.deepEqual(lines("javascript", cut("ROOT.length")), [5]);
});

test("a containment check on a path vouches for a name made from it by a constant suffix before the check", () => {
  const variant = (made: string, check = "if (!p.startsWith(ROOT + path.sep)) return res.status(403).end();") =>
    js(`const gz = ${made};\n  ${check}`, "fs.createReadStream(gz);");
  assert.deepEqual(lines("javascript", variant(`\`\${p}.gz\``)), []);
  assert.deepEqual(lines("javascript", variant("p + '.br'")), []);
  assert.deepEqual(lines("javascript", variant("p + '.gz'", "if (p.includes('..')) return res.status(403).end();")), []);
  // Not a suffix of the checked path: the check vouches for nothing else.
  assert.deepEqual(lines("javascript", variant("req.query.q + '.gz'")), [6]);
  assert.deepEqual(lines("javascript", variant(`\`\${p}\${req.query.ext}\``)), [6]);
  // The path changed after the variant was made: the check is on the new value.
  assert.deepEqual(lines("javascript", variant("p + '.gz'", "p = req.query.other;\n  if (!p.startsWith(ROOT)) return res.end();")), [7]);
});

test("a path relative to the root checked not to start with '..' and a separator (indexOf 0 or startsWith) confines the path", () => {
  const rel = (check: string) =>
    js(
      `const full = path.resolve(ROOT, "." + p);\n  const rel = path.relative(ROOT, full);\n  if (${check}) return res.status(403).end();`,
      "fs.readFileSync(full);",
    );
  assert.deepEqual(lines("javascript", rel("rel === '..' || rel.indexOf('..' + path.sep) === 0 || path.isAbsolute(rel)")), []);
  assert.deepEqual(lines("javascript", rel(`rel.startsWith(\`..\${path.sep}\`) || path.isAbsolute(rel)`)), []);
  assert.deepEqual(lines("javascript", rel("rel.indexOf('..' + path.sep) !== 0")), [7]);
  assert.deepEqual(lines("javascript", rel("rel.indexOf('..' + path.sep) > 0")), [7]);
});

test("a request's own URL checked for a mount prefix is no containment: it may still climb out with '..'", () => {
  const mount = (check: string) => `const fs = require("fs"), path = require("path");
app.use((req, res, next) => {
  ${check}
  fs.createReadStream(path.join(ROOT, req.url)).pipe(res);
});
`;
  assert.deepEqual(lines("javascript", mount("if (!req.url.startsWith(PREFIX)) return next();")), [4]);
  assert.deepEqual(lines("javascript", mount("if (req.url.indexOf(PREFIX) !== 0) return next();")), [4]);
  // The path made from it, resolved and checked against the root, is confined.
  const resolved = `const fs = require("fs"), path = require("path");
app.use((req, res, next) => {
  const full = path.resolve(ROOT, "." + req.url);
  if (!full.startsWith(ROOT + path.sep)) return next();
  fs.createReadStream(full).pipe(res);
});
`;
  assert.deepEqual(lines("javascript", resolved), []);
});

test("a regex test vouches for a value only when the pattern must match all of it", () => {
  const re = (check: string) => js(`if (!${check}) return res.status(400).end();`);
  assert.deepEqual(lines("javascript", re("/^[\\w-]+\\.png$/.test(p)")), []);
  assert.deepEqual(lines("javascript", re("/^(?:a|b)$|^c$/.test(p)")), []);
  assert.deepEqual(lines("javascript", re("NAME.test(p)")), []);
  // An extension (`../../x.png` passes), a scheme, one letter anywhere, one anchored alternative of two.
  assert.deepEqual(lines("javascript", re("/\\.png$/i.test(p)")), [5]);
  assert.deepEqual(lines("javascript", re("/^https?:/.test(p)")), [5]);
  assert.deepEqual(lines("javascript", re("/[a-z]/.test(p)")), [5]);
  assert.deepEqual(lines("javascript", re("/^a$|b/.test(p)")), [5]);
  assert.deepEqual(lines("javascript", re("/^[\\w-]+\\$/.test(p)")), [5]);
});
