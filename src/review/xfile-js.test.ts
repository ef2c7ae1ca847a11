import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRules } from "./index.ts";
import { reviewOf, taintFindings } from "./testing/stream.ts";
import { jsModuleNames, jsModuleOf, jsRelativeImports } from "./engines/taint/syntax/js-modules.ts";
import { Library } from "./library.ts";

const rules = await loadRules();
const review = (files: Record<string, string>, threads = 1) => reviewOf(rules, files, threads);
const taint = taintFindings;

// A small Express app whose routes call helpers of its own modules.
const shell = `const { exec } = require("child_process");
const shellEscape = require("shell-escape");
function archive(name, done) {
  exec("tar czf /tmp/out.tgz " + name, done);
}
function quoted(name) {
  return shellEscape([String(name)]);
}
module.exports = { archive, quoted };
`;
const routes = `const express = require("express");
const shell = require("./lib/shell");
const { archive, quoted } = require("./lib/shell.js");
const app = express();
app.get("/a", (req, res) => {
  shell.archive(req.query.name, () => res.end("ok"));
});
app.get("/b", (req, res) => {
  archive(quoted(req.query.dir), () => res.end("ok"));
});
app.get("/c", (req, res) => {
  archive(req.query.dir, () => res.end("ok"));
});
app.listen(3000);
`;

test("JavaScript: a route handing request data to a helper of another module that runs a command is reported at the call", async () => {
  const r = await review({ "app.js": routes, "lib/shell.js": shell });
  assert.deepEqual(taint(r), ["app.js:6:command-injection", "app.js:12:command-injection", "lib/shell.js:4:command-injection"]);
  const at = r.findings.find((f) => f.location.path === "app.js" && f.location.startLine === 6)!;
  assert.equal(at.confidence, "high");
  assert.match(at.description, /reached inside `archive` in lib\/shell\.js/);
  // Without the helper's module, only the helper's own library-input finding is known.
  assert.deepEqual(taint(await review({ "app.js": routes })), []);
});

const sanitize = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.sanitize = sanitize;
exports.passthrough = passthrough;
function sanitize(input) {
  return input?.replace(/[<>]/g, (c) => encodeURIComponent(c)) ?? "";
}
function passthrough(input) {
  return String(input).trim();
}
`;
const errorPage = `"use strict";
const http = require("http");
const sanitize_1 = require("../utils/sanitize");
http.createServer((req, res) => {
  res.end(\`Bad gateway: \${(0, sanitize_1.sanitize)(req.url)}\`);
  res.end(\`Bad gateway: \${(0, sanitize_1.passthrough)(req.url)}\`);
}).listen(0);
`;

test("TypeScript's compiled calls of another module's escape (`(0, m_1.sanitize)(x)`) clean the value; a helper that only trims does not", async () => {
  const r = await review({ "dist/plugins/error-page.js": errorPage, "dist/utils/sanitize.js": sanitize });
  assert.deepEqual(taint(r), ["dist/plugins/error-page.js:6:xss"]);
  const alone = await review({ "dist/plugins/error-page.js": errorPage });
  assert.deepEqual(taint(alone), ["dist/plugins/error-page.js:5:xss", "dist/plugins/error-page.js:6:xss"]);
});

test("TypeScript: `import { f } from './ops.js'` names ops.ts; a JavaScript module of the same name is no TypeScript context", async () => {
  const server = `import express from "express";
import { archive } from "./ops.js";
const app = express();
app.get("/c", (req, res) => {
  archive(req.query.name as string, () => res.end("ok"));
});
`;
  const ops = `import { exec } from "node:child_process";
export function archive(name: string, done: () => void): void {
  exec(\`tar czf /tmp/out.tgz \${name}\`, done);
}
`;
  assert.deepEqual(taint(await review({ "src/server.ts": server, "src/ops.ts": ops })), [
    "src/ops.ts:3:command-injection",
    "src/server.ts:5:command-injection",
  ]);
  const js = ops.replace(": string", "").replace(": () => void): void", ")");
  assert.deepEqual(taint(await review({ "src/server.ts": server, "src/ops.js": js })), ["src/ops.js:3:command-injection"]);
});

test("module names: a file's path without extension (an index also its directory); relative specifiers only, never above the root", () => {
  assert.deepEqual(jsModuleNames("lib/utils/index.js"), ["js:lib/utils/index", "js:lib/utils"]);
  assert.deepEqual(jsModuleNames("src/ops.mts"), ["ts:src/ops"]);
  assert.deepEqual(jsModuleNames("types/index.d.ts"), []);
  assert.equal(jsModuleOf("../utils/sanitize", "dist/plugins/a.js"), "js:dist/utils/sanitize");
  assert.equal(jsModuleOf("./ops.js", "src/server.ts"), "ts:src/ops");
  assert.equal(jsModuleOf("../../../etc/passwd", "src/a.js"), null);
  assert.equal(jsModuleOf("express", "src/a.js"), null);
  const bound = jsRelativeImports(
    `import * as u from "./u";\nimport { a, b as c } from "../m.js";\nconst { d: e } = require("./n");\nconst f = require("./o").g;\nimport def from "./p";\n`,
    "src/x.js",
  );
  assert.deepEqual(Object.fromEntries(bound), {
    u: { module: "js:src/u", name: null },
    a: { module: "js:m", name: "a" },
    c: { module: "js:m", name: "b" },
    e: { module: "js:src/n", name: "d" },
    f: { module: "js:src/o", name: "g" },
    def: { module: "js:src/p", name: "default" },
  });
});

test("the library keeps scripts for the stream (not deferred) in a budget of their own: a tree's bundled scripts never crowd out its classes", () => {
  const lib = new Library();
  assert.equal(lib.add("lib/util.js", Buffer.from("exports.a = function a(x) { return x; };")), false);
  assert.equal(lib.resolve("js:lib/util", "app.js"), "lib/util.js");
  assert.equal(lib.resolve("ts:lib/util", "app.ts"), null);
  // 18 bundles of 1.9 MB: past the scripts' 16 MB, the rest are dropped; a Java class after them is still kept.
  for (let i = 0; i < 18; i++) lib.add(`static/vendor${i}.js`, Buffer.alloc(1.9 * (1 << 20), 0x20));
  assert.equal(lib.dropped, 10);
  assert.equal(lib.add("src/Only.java", Buffer.from("public final class Only {}")), true);
  assert.equal(lib.resolve("java:Only", "src/Main.java"), "src/Only.java");
});

test("a module called itself runs its default export, named or anonymous (`module.exports = function (s)`, `export default (s) =>`)", async () => {
  const page = `const http = require("http");
const escapeMarkup = require("./escape-markup");
http.createServer((req, res) => {
  res.end("<p>" + escapeMarkup(req.url) + "</p>");
}).listen(0);
`;
  const named = `module.exports = function escapeMarkup(s) {
  return String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
};
`;
  assert.deepEqual(taint(await review({ "page.js": page, "escape-markup.js": named })), []);
  const declared = `function escapeMarkup(s) {
  return String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}
export default escapeMarkup;
`;
  const esm = page.replace('const escapeMarkup = require("./escape-markup");', 'import escapeMarkup from "./escape-markup.js";');
  assert.deepEqual(taint(await review({ "page.js": esm, "escape-markup.js": declared })), []);
  const anonymous = named.replace("function escapeMarkup(s)", "function (s)");
  assert.deepEqual(taint(await review({ "page.js": page, "escape-markup.js": anonymous })), []);
  const arrow = `export default (s) => String(s).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");\n`;
  assert.deepEqual(taint(await review({ "page.js": esm, "escape-markup.js": arrow })), []);
  // An anonymous export that only trims escapes nothing: still reported, now through its summary.
  const trims = "module.exports = function (s) {\n  return String(s).trim();\n};\n";
  assert.deepEqual(taint(await review({ "page.js": page, "escape-markup.js": trims })), ["page.js:4:xss"]);
});

test("unnamed CommonJS exports (`exports.run = function`, `module.exports = { run: … }`) are functions of that name", async () => {
  const app = `const express = require("express");
const a = require("./a");
const c = require("./c");
const app = express();
app.get("/1", (req, res) => { a.run(req.query.x); res.end(); });
app.get("/2", (req, res) => { c.run(req.query.x); res.end(); });
app.get("/3", (req, res) => { c.arrow(req.query.x); res.end(); });
app.get("/4", (req, res) => { c.local(req.query.x); res.end(); });
`;
  const a = 'const cp = require("child_process");\nexports.run = function (cmd) { cp.exec("ls " + cmd); };\n';
  const c = `const cp = require("child_process");
const helpers = { local: (cmd) => cp.exec("ls " + cmd) };
module.exports = { run: function (cmd) { cp.exec("ls " + cmd); }, arrow: (cmd) => { cp.exec("ls " + cmd); } };
`;
  const found = taint(await review({ "app.js": app, "a.js": a, "c.js": c })).filter((f) => f.startsWith("app.js"));
  // \`helpers.local\` is no export: \`c.local\` names nothing c.js exports, and stays an unknown call.
  assert.deepEqual(found, ["app.js:5:command-injection", "app.js:6:command-injection", "app.js:7:command-injection"]);
});

// A TypeScript app importing its helpers through a barrel (`lib/index.ts`), as most do.
const shellTs = `import { exec } from "node:child_process";
export function archive(name: string): void {
  exec("tar czf /tmp/out.tgz " + name);
}
export function listing(dir: string): void {
  exec("ls " + JSON.stringify(String(dir)).replace(/[$\`\\\\]/g, ""));
}
`;
const escapeTs = `export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}
`;
const routesTs = `import express from "express";
import { pack, escapeHtml } from "./lib";
import * as lib from "./lib/index.js";
const app = express();
app.get("/a", (req, res) => {
  pack(String(req.query.name));
  res.end("ok");
});
app.get("/b", (req, res) => {
  lib.pack(String(req.query.dir));
  res.end("ok");
});
app.get("/c", (req, res) => {
  res.send("<p>" + escapeHtml(String(req.query.q)) + "</p>");
});
app.listen(3000);
`;

test("TypeScript barrels: a helper re-exported by an index (`export { archive as pack } from`, `export * from`) is found where it is declared", async () => {
  const barrel = `export { archive as pack } from "./shell.js";\nexport * from "./escape";\nexport type { Options } from "./types";\n`;
  const files = { "src/app.ts": routesTs, "src/lib/index.ts": barrel, "src/lib/shell.ts": shellTs, "src/lib/escape.ts": escapeTs };
  const r = await review(files);
  assert.deepEqual(
    taint(r).filter((f) => f.startsWith("src/app.ts")),
    ["src/app.ts:6:command-injection", "src/app.ts:10:command-injection"],
    "both calls through the barrel reach exec; the re-exported escape cleans /c",
  );
  const at = r.findings.find((f) => f.location.path === "src/app.ts" && f.location.startLine === 6)!;
  assert.match(at.description, /reached inside `archive` in src\/lib\/shell\.ts/);
  // The barrel re-exporting nothing of the sort: the calls stay unknown, no finding in the route.
  const none = await review({ ...files, "src/lib/index.ts": `export * from "./escape";\n` });
  assert.deepEqual(
    taint(none).filter((f) => f.startsWith("src/app.ts")),
    [],
  );
});

// TypeScript's CommonJS output of a helper module running a command: `export default archive` (as here) or `export { archive }`.
const compiledShell = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.default = archive;
const child_process_1 = require("child_process");
function archive(name) {
    (0, child_process_1.exec)("tar czf /tmp/o.tgz " + name);
}
`;

test("TypeScript's CommonJS output: `(0, cp_1.exec)(x)`, `__importDefault(require(…)).default` and `__importStar` are the modules they require", async () => {
  const app = `"use strict";
const express_1 = __importDefault(require("express"));
const shell_1 = __importDefault(require("./lib/shell"));
const node_fs_1 = __importDefault(require("node:fs"));
const child_process_1 = require("child_process");
const proc = tslib_1.__importStar(require("node:child_process"));
const app = (0, express_1.default)();
app.get("/a", (req, res) => {
    (0, child_process_1.exec)("ls " + req.query.dir);
    res.end("ok");
});
app.get("/b", (req, res) => {
    (0, shell_1.default)(String(req.query.n));
    res.end("ok");
});
app.get("/c", (req, res) => {
    res.send(node_fs_1.default.readFileSync("/srv/" + req.query.f));
});
app.get("/d", (req, res) => {
    proc.execSync("ls " + req.query.dir);
    res.end("ok");
});
`;
  const r = await review({ "app.js": app, "lib/shell.js": compiledShell });
  assert.deepEqual(
    taint(r).filter((f) => f.startsWith("app.js")),
    ["app.js:9:command-injection", "app.js:13:command-injection", "app.js:17:path-traversal", "app.js:20:command-injection"],
    "a file's content is sent, not the request's data: /c is no XSS",
  );
});

test("a compiled barrel passes calls on too: `__exportStar(require(…), exports)` and `Object.defineProperty(exports, …, { get })`", async () => {
  const shell = compiledShell.replace("exports.default = archive;", "exports.archive = archive;");
  const app = `"use strict";
const lib_1 = require("./lib");
const http = require("http");
http.createServer((req, res) => {
    (0, lib_1.pack)(req.url);
    (0, lib_1.archive)(req.url);
    res.end("ok");
}).listen(0);
`;
  const getter = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.pack = void 0;
var shell_1 = require("./shell");
Object.defineProperty(exports, "pack", { enumerable: true, get: function () { return shell_1.archive; } });
`;
  const star = `"use strict";
var __exportStar = (this && this.__exportStar) || function(m, exports) { for (var p in m) exports[p] = m[p]; };
Object.defineProperty(exports, "__esModule", { value: true });
__exportStar(require("./shell"), exports);
`;
  const at = (r: Awaited<ReturnType<typeof review>>) => taint(r).filter((f) => f.startsWith("app.js"));
  assert.deepEqual(at(await review({ "app.js": app, "lib/index.js": getter, "lib/shell.js": shell })), ["app.js:5:command-injection"]);
  assert.deepEqual(at(await review({ "app.js": app, "lib/index.js": star, "lib/shell.js": shell })), ["app.js:6:command-injection"]);
});

test("tsconfig path aliases: `@/lib/users` is src/lib/users.ts by the nearest tsconfig's paths; without them it stays unknown", async () => {
  const users = `import { Pool } from "pg";
const pool = new Pool();
export async function findUser(id: string) {
  return pool.query("SELECT * FROM users WHERE id = '" + id + "'");
}
`;
  const route = `import express from "express";
import { findUser } from "@/lib/users";
const app = express();
app.get("/users", async (req, res) => {
  res.json(await findUser(String(req.query.id)));
});
app.listen(3000);
`;
  const tsconfig = `{
  // Next.js writes this one
  "compilerOptions": {
    "strict": true,
    "paths": { "@/*": ["./src/*"], },
  },
}
`;
  const files = { "tsconfig.json": tsconfig, "src/app/server.ts": route, "src/lib/users.ts": users };
  const inRoute = (r: Awaited<ReturnType<typeof review>>) => taint(r).filter((f) => f.startsWith("src/app/"));
  assert.deepEqual(inRoute(await review(files)), ["src/app/server.ts:5:sql-injection"]);
  const { "tsconfig.json": _, ...withoutConfig } = files;
  assert.deepEqual(inRoute(await review(withoutConfig)), []);
  // A nested project's config applies to its own files: the root one maps `@/` elsewhere.
  const nested = {
    "tsconfig.json": tsconfig.replace("./src/*", "./other/*"),
    "web/tsconfig.json": tsconfig,
    "web/src/app/server.ts": route,
    "web/src/lib/users.ts": users,
  };
  assert.deepEqual(
    taint(await review(nested)).filter((f) => f.startsWith("web/src/app/")),
    ["web/src/app/server.ts:5:sql-injection"],
  );
});

test("a route with no sink of its own handing request data to an imported helper (`res.json(findUser(x))`) is analysed with that module", async () => {
  const users = `const { exec } = require("child_process");
function findUser(id) {
  return exec("id " + id);
}
module.exports = { findUser };
`;
  const server = `const express = require("express");
const { findUser } = require("../lib/users");
const app = express();
app.get("/users", (req, res) => {
  res.json(findUser(req.query.id));
});
app.listen(3000);
`;
  const r = await review({ "src/app/server.js": server, "src/lib/users.js": users });
  assert.deepEqual(taint(r), ["src/app/server.js:5:command-injection", "src/lib/users.js:3:command-injection"]);
});
