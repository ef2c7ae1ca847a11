// Pages router: HTML responses, redirects, webhooks fetches, templating and plugin evaluation.
const express = require("express");
const escapeHtml = require("escape-html");
const axios = require("axios");
const vm = require("vm");
const serialize = require("node-serialize");
const DOMPurify = require("isomorphic-dompurify");

const router = express.Router();
const TRUSTED_HOSTS = new Set(["api.github.com", "hooks.slack.com"]);
const SAFE_REDIRECTS = ["/", "/dashboard", "/settings"];

function currentQuery(req) {
  return req.query.q || "";
}

router.get("/search", (req, res) => {
  const q = currentQuery(req);
  res.send(`<h1>Results for ${q}</h1>`); // vuln: xss
});

router.get("/search2", (req, res) => {
  const q = escapeHtml(currentQuery(req));
  res.send(`<h1>Results for ${q}</h1>`); // safe: xss escaped
});

router.get("/search3", (req, res) => {
  res.render("search", { q: req.query.q }); // safe: xss template autoescape
  res.json({ query: req.query.q, results: [] }); // safe: xss json
  res.send({ query: req.query.q }); // safe: xss object serialized as json
});

router.get("/preview", (req, res) => {
  const html = DOMPurify.sanitize(req.body.html);
  res.send("<div class='preview'>" + html + "</div>"); // safe: xss sanitized
  res.set("Content-Type", "text/html");
  res.end("<pre>" + req.query.raw + "</pre>"); // vuln: xss
});

router.get("/error", (req, res) => {
  const msg = req.query.msg;
  res.status(400).send("Error: " + msg); // vuln: xss
  res.status(400).send("Error: " + escapeHtml(msg)); // safe: xss escaped
});

router.get("/login", (req, res) => {
  const next = req.query.next;
  if (SAFE_REDIRECTS.includes(next)) return res.redirect(next); // safe: open-redirect allow-list
  res.redirect(req.query.returnTo); // vuln: open-redirect
});

router.get("/logout", (req, res) => {
  const target = req.query.to;
  if (typeof target === "string" && target.startsWith("/") && !target.startsWith("//")) {
    return res.redirect(target); // safe: open-redirect relative path check
  }
  res.redirect("/"); // safe: open-redirect constant
});

router.get("/go", (req, res) => {
  res.redirect(302, req.get("Referer")); // vuln: open-redirect
});

router.post("/webhooks/test", async (req, res) => {
  const url = req.body.url;
  const r = await axios.get(url); // vuln: ssrf
  res.json({ status: r.status });
});

router.post("/webhooks/test2", async (req, res) => {
  const u = new URL(req.body.url);
  if (!TRUSTED_HOSTS.has(u.hostname)) return res.status(400).json({ error: "host not allowed" });
  const r = await axios.get(u.toString()); // safe: ssrf host allow-list
  res.json({ status: r.status });
});

router.get("/avatar-proxy", async (req, res) => {
  const user = encodeURIComponent(req.query.user);
  const r = await fetch(`https://avatars.example.com/u/${user}.png`); // safe: ssrf fixed host encoded path
  const p = await fetch(req.query.src); // vuln: ssrf
  res.type("png").send(Buffer.from(await r.arrayBuffer()));
});

router.post("/calc", (req, res) => {
  const expr = req.body.expr;
  const result = eval(expr); // vuln: code-injection
  const fn = new Function("a", "b", "return a + b;"); // safe: code-injection constant
  const parsed = JSON.parse(req.body.data); // safe: code-injection json parse
  res.json({ result, sum: fn(1, 2), parsed });
});

router.post("/rules/run", (req, res) => {
  const sandbox = { input: req.body.input, result: null };
  vm.runInNewContext("result = input * 2", sandbox); // safe: code-injection constant code
  vm.runInNewContext(req.body.rule, sandbox); // vuln: code-injection
  const check = new Function("row", "return " + req.body.condition); // vuln: code-injection
  res.json({ result: sandbox.result, check: typeof check });
});

router.post("/session/restore", (req, res) => {
  const prefs = serialize.unserialize(Buffer.from(req.cookies.prefs, "base64").toString()); // vuln: deserialization
  const prefs2 = JSON.parse(Buffer.from(req.cookies.prefs, "base64").toString()); // safe: deserialization json
  res.json({ prefs, prefs2 });
});

router.get("/status", (req, res) => {
  setTimeout(() => res.send("ok"), 100); // safe: code-injection function callback
  setTimeout("refresh(" + req.query.n + ")", 100); // vuln: code-injection
});

module.exports = router;
