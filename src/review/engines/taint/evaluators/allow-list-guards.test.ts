import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeSource } from "../run.ts";

/** "line class" for every taint finding, in line order. */
const found = (lang: string, file: string, src: string): string[] =>
  analyzeSource(lang, file, src)
    .sort((a, b) => a.location.startLine - b.location.startLine)
    .map((f) => `${f.location.startLine} ${f.ruleId.replace(/^\w+\.taint\./, "")}`);

const flask = (body: string): string => `from urllib.parse import urlparse
import requests
from flask import Flask, abort, make_response, redirect, request

app = Flask(__name__)
ALLOWED = {"a.example.com"}


@app.route("/go")
def go():
${body}`;

test("an allow-listed host read from a URL makes the URL safe as a redirect or request target, and only as that", () => {
  const src = flask(`    url = request.args["next"]
    host = urlparse(url).netloc
    if host not in ALLOWED:
        abort(400)
    requests.get(url)
    make_response("<a href='" + url + "'>")
    return redirect(url)
`);
  assert.deepEqual(found("python", "app.py", src), ["16 xss"]);
});

test("a host check that does not leave the function, or checks another variable, guards nothing", () => {
  const logged = flask(`    url = request.args["next"]
    host = urlparse(url).netloc
    if host not in ALLOWED:
        print("unknown host")
    return redirect(url)
`);
  assert.deepEqual(found("python", "app.py", logged), ["15 open-redirect"]);
  const other = flask(`    url = request.args["next"]
    back = request.args["back"]
    if urlparse(back).hostname not in ALLOWED:
        abort(400)
    return redirect(url)
`);
  assert.deepEqual(found("python", "app.py", other), ["15 open-redirect"]);
});

test("a URL reassigned after its host was read is not vouched for by checking that host", () => {
  const src = flask(`    url = request.args["next"]
    parsed = urlparse(url)
    url = request.args["fallback"]
    if parsed.netloc not in ALLOWED:
        abort(400)
    return redirect(url)
`);
  assert.deepEqual(found("python", "app.py", src), ["16 open-redirect"]);
});

test('an empty host (a relative URL) is safe to redirect to, whether compared with "" or tested as false', () => {
  const src = flask(`    a = request.args["a"]
    b = request.args["b"]
    parsed = urlparse(b)
    if urlparse(a).netloc == "":
        redirect(a)
    if parsed.netloc or parsed.scheme:
        abort(400)
    redirect(a)
    return redirect(b)
`);
  assert.deepEqual(found("python", "app.py", src), ["18 open-redirect"]);
});

test("Java: a host from new URI(u) checked against a set vouches for u as a redirect target, not as HTML", () => {
  const src = `class R extends HttpServlet {
  static final Set<String> HOSTS = Set.of("a.example.com");
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
    String u = req.getParameter("u");
    URI uri = new URI(u);
    if (!HOSTS.contains(uri.getHost())) { resp.sendError(400); return; }
    resp.getWriter().print("<a href='" + u + "'>");
    resp.sendRedirect(u);
  }
}`;
  assert.deepEqual(found("java", "R.java", src), ["7 xss"]);
});

test("JavaScript: a hostname from new URL(u) allow-listed before an early return vouches for u as a request target", () => {
  const src = `const HOSTS = new Set(["a.example.com"]);
app.get("/p", async (req, res) => {
  const u = req.query.u;
  const host = new URL(u).hostname;
  if (!HOSTS.has(host)) return res.sendStatus(403);
  await fetch(u);
  res.send("<p>" + u + "</p>");
});
app.get("/q", async (req, res) => {
  const u = req.query.u;
  const host = new URL(u).hostname;
  if (!HOSTS.has(host)) console.log("unknown host");
  await fetch(u);
});`;
  assert.deepEqual(found("javascript", "a.js", src), ["7 xss", "13 ssrf"]);
});

test('typeof x !== "string" before a return rules out operator objects (NoSQL) but not script or HTML injection', () => {
  const src = `app.post("/s", async (req, res) => {
  const { email } = req.body;
  if (typeof email !== "string") return res.status(400).end();
  if (typeof req.body.code !== "string") return res.status(400).end();
  await User.findOne({ email, code: req.body.code });
  await User.find({ $where: \`this.email == '\${email}'\` });
  await User.$where("this.code == '" + req.body.code + "'");
  res.send("<p>" + email + "</p>");
});`;
  assert.deepEqual(found("javascript", "a.js", src), ["6 nosql-injection", "7 nosql-injection", "8 xss"]);
});

test("a typeof check on one branch only leaves the value an operator injection after the branches join", () => {
  const src = `app.post("/s", async (req, res) => {
  if (req.query.strict) {
    if (typeof req.body.code !== "string") return res.status(400).end();
  }
  await User.findOne({ code: req.body.code });
  const tag = req.body.tag;
  if (typeof tag !== "string") console.warn("tag is not a string");
  await User.find({ tag });
  await User.find({ tag: \`\${tag}\` });
});`;
  assert.deepEqual(found("javascript", "a.js", src), ["5 nosql-injection", "8 nosql-injection"]);
});

test("a literal prefix check (relative path, fixed host) vouches for the destination only; a directory prefix confines a path", () => {
  const py = flask(`    target = request.args["next"]
    if not target.startswith("/") or target.startswith("//"):
        abort(400)
    redirect(target)
    return make_response("<a href='" + target + "'>")
`);
  assert.deepEqual(found("python", "app.py", py), ["15 xss"]);
  const js = `const path = require("path");
app.get("/f", (req, res) => {
  const full = path.join(ROOT, req.query.name);
  if (!full.startsWith(ROOT)) return res.sendStatus(403);
  res.sendFile(full);
  const next = req.query.next;
  if (!next.startsWith("https://docs.example.com/")) return res.sendStatus(400);
  res.redirect(next);
  res.send("<a href='" + next + "'>docs</a>");
});`;
  assert.deepEqual(found("javascript", "a.js", js), ["9 xss"]);
});

test("Java: a URL made from request data only to read its host is no request; one opened is", () => {
  const src = `class F extends HttpServlet {
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws Exception {
    String u = req.getParameter("u");
    String host = URI.create(u).getHost();
    String scheme = new URL(u) .getProtocol();
    new URL(u).openStream();
  }
}`;
  assert.deepEqual(found("java", "F.java", src), ["6 ssrf"]);
});

test("a string checked by typeof and parsed into an object can carry operators again; a method on it stays a string", () => {
  const src = `app.get("/s", async (req, res) => {
  const raw = req.query.filter;
  if (typeof raw !== "string") return res.sendStatus(400);
  await Post.find({ title: raw.trim() });
  await Post.find(JSON.parse(raw));
  await Post.find({ title: qs.parse(\`\${raw}\`) });
});`;
  assert.deepEqual(found("javascript", "a.js", src), ["5 nosql-injection", "6 nosql-injection"]);
});

test("a ternary branch that is the URL whose host its condition checks is safe as a destination only", () => {
  const src = `const HOSTS = new Set(["a.example.com"]);
app.get("/t", (req, res) => {
  const u = req.query.u;
  const dest = HOSTS.has(new URL(u).hostname) ? u : "/";
  res.send("<a href='" + dest + "'>");
  res.redirect(dest);
});`;
  assert.deepEqual(found("javascript", "a.js", src), ["5 xss"]);
});

test("a check held in a variable guards where the variable is tested, while it and the checked value are unchanged", () => {
  const py = flask(`    nxt = request.args["next"]
    url_is_safe = url_has_allowed_host_and_scheme(url=nxt, allowed_hosts={request.host})
    if not url_is_safe:
        return redirect("/")
    redirect(nxt)
    ok = nxt in ALLOWED
    nxt = request.args["other"]
    if ok:
        redirect(nxt)
    known = nxt in ALLOWED
    if request.args.get("force"):
        known = True
    if known:
        return redirect(nxt)
    return "no"
`);
  assert.deepEqual(found("python", "app.py", py), ["19 open-redirect", "24 open-redirect"]);
  const clean = flask(`    nxt = request.args["next"]
    ok = urlparse(nxt).hostname in ALLOWED
    if not ok:
        abort(400)
    return redirect(nxt)
`);
  assert.deepEqual(found("python", "app.py", clean), []);
  const js = `const HOSTS = new Set(["a.example.com"]);
app.get("/j", async (req, res) => {
  const u = req.query.u;
  const host = new URL(u).hostname;
  const allowed = HOSTS.has(host);
  if (!allowed) return res.sendStatus(403);
  await fetch(u);
  res.send("<p>" + u + "</p>");
});`;
  assert.deepEqual(found("javascript", "a.js", js), ["8 xss"]);
});

test("a list searched with a callback is an allow-list for what the callback compares with its element", () => {
  const js = `const express = require("express");
const ALLOWED_HOSTS = ["a.example.com", "b.example.com"];
const ROOTS = ["/srv/public/", "/srv/shared/"];
const app = express();
app.get("/go", (req, res) => {
  const host = req.query.host;
  if (!ALLOWED_HOSTS.some((h) => h === host)) return res.status(400).end();
  res.redirect("https://" + host + "/");
  res.send("<p>" + host + "</p>");
});
app.get("/file", (req, res) => {
  const full = path.resolve(req.query.p);
  if (!ROOTS.some((r) => full.startsWith(r))) return res.status(403).end();
  res.sendFile(full);
});
app.get("/back", (req, res) => {
  const target = req.query.next;
  if (!client.redirect_uris.some((registered) => redirectUriMatches(target, registered))) throw new Error("bad");
  res.redirect(target);
  const other = req.query.other;
  if (!ALLOWED_HOSTS.some((h) => h.length > 3)) return res.end();
  res.redirect(other);
  if (ALLOWED_HOSTS.some((h) => h === other)) console.log("known");
  res.redirect(other);
});`;
  assert.deepEqual(found("javascript", "a.js", js), ["22 open-redirect", "24 open-redirect"]);
});

test("a check on a copy of a variable checks the variable, while it keeps the value copied", () => {
  const ok = flask(`    nxt = request.args.get("next", "")
    target = nxt
    if target not in ALLOWED:
        abort(400)
    return redirect(nxt)
`);
  assert.deepEqual(found("python", "app.py", ok), []);
  const changed = flask(`    nxt = request.args.get("next", "")
    target = nxt
    nxt = request.args.get("other", "")
    if target not in ALLOWED:
        abort(400)
    return redirect(nxt)
`);
  assert.deepEqual(found("python", "app.py", changed), ["16 open-redirect"]);
});

test("a containment check written as a slice of the root's length confines the path like startsWith; the unchecked path is still reported", () => {
  const server = (check: string) => `const fs = require("fs");
const path = require("path");
const root = path.join(path.resolve("public"), "/");
require("http").createServer((req, res) => {
  const file = path.normalize(path.join(root, decodeURIComponent(req.url)));
  ${check}
  fs.createReadStream(file).pipe(res);
});`;
  assert.deepEqual(found("javascript", "s.js", server("if (file.slice(0, root.length) !== root) { res.statusCode = 403; return res.end(); }")), []);
  assert.deepEqual(found("javascript", "s.js", server("if (file.substring(0, root.length) !== root) return res.end();")), []);
  assert.deepEqual(found("javascript", "s.js", server("if ((file + path.sep).substr(0, root.length) !== root) return res.end();")), []);
  assert.deepEqual(found("javascript", "s.js", server("if (file.slice(0, 4) !== root) return res.end();")), ["7 path-traversal"]);
});

test("a search for a character outside an allow-list that leaves on a hit confines the value; one that does not leave, or leaves on a miss, does not", () => {
  const lib = (check: string) => `const { exec } = require("child_process");
module.exports = function locate(bin, done) {
  ${check}
  exec("command -v " + bin, done);
};`;
  assert.deepEqual(found("javascript", "lib/locate.js", lib("if (/[^\\w.-]/.test(bin)) return done(new Error('bad name'));")), []);
  assert.deepEqual(found("javascript", "lib/locate.js", lib("if (typeof bin !== 'string' || bin.match(/[^a-z0-9_-]/i)) throw new TypeError('bad');")), []);
  assert.deepEqual(found("javascript", "lib/locate.js", lib("if (!/[^\\w.-]/.test(bin)) return done(new Error('bad name'));")), ["4 command-injection"]);
  assert.deepEqual(found("javascript", "lib/locate.js", lib("if (/[^\\w.-]/.test(bin)) console.warn('odd name');")), ["4 command-injection"]);
});

test("a list searched with indexOf before leaving allow-lists the value; a miss that does not leave, or a hit that leaves, does not", () => {
  const lib = (check: string) => `const { execSync } = require("child_process");
const TYPES = ["A", "AAAA", "MX", "TXT"];
module.exports = function lookup(host, type) {
  ${check}
  return execSync("dig +short " + type + " example.com").toString();
};`;
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (TYPES.indexOf(type) === -1) return null;")), []);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (TYPES.indexOf(type) < 0) throw new Error('bad type');")), []);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (-1 === TYPES.indexOf(type)) return null;")), []);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (!(TYPES.indexOf(type) > -1)) return null;")), []);
  // `typeof type !== 'undefined' && …`: an absent type leaves the line without one.
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (typeof type !== 'undefined' && TYPES.indexOf(type) === -1) return null;")), []);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (TYPES.indexOf(type) === -1) console.warn('unknown type');")), ["5 command-injection"]);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (TYPES.indexOf(type) !== -1) return null;")), ["5 command-injection"]);
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (TYPES.indexOf(host) === -1) return null;")), ["5 command-injection"]);
  // A name searched for a literal checks the name for that text, not the name against a list.
  assert.deepEqual(found("javascript", "lib/dig.js", lib("if (type.indexOf(';') !== -1) return null;")), ["5 command-injection"]);
});

test("a lone `/` prefix check leaves `//host` a redirect elsewhere; with a `//` (or `/\\`) check beside it the path is this site's", () => {
  const py = (check: string) =>
    flask(`    target = request.args["next"]
    if ${check}:
        abort(400)
    return redirect(target)
`);
  assert.deepEqual(found("python", "app.py", py('not target.startswith("/")')), ["14 open-redirect"]);
  assert.deepEqual(found("python", "app.py", py('not target.startswith("/") or target.startswith(("//", "/\\\\"))')), []);
  const js = (check: string) => `app.get("/n", (req, res) => {
  const next = String(req.query.next);
  if (${check}) return res.sendStatus(400);
  res.redirect(next);
});`;
  assert.deepEqual(found("javascript", "a.js", js('!next.startsWith("/")')), ["4 open-redirect"]);
  assert.deepEqual(found("javascript", "a.js", js('!next.startsWith("/") || next.startsWith("//")')), []);
});
