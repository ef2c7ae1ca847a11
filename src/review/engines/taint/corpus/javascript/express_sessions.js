// Sign-in router: return URLs checked by their parsed host, and credentials checked by type before queries.
const express = require("express");
const mongoose = require("mongoose");

const router = express.Router();
const User = mongoose.model("User");
const Invite = mongoose.model("Invite");
const RETURN_HOSTS = new Set(["app.example.com", "docs.example.com"]);
const AVATAR_ORIGINS = ["https://avatars.example-cdn.com"];

router.get("/signin/return", (req, res) => {
  const returnTo = req.query.returnTo;
  const { hostname } = new URL(returnTo, "https://app.example.com");
  if (!RETURN_HOSTS.has(hostname)) return res.status(400).send("bad return URL");
  res.redirect(returnTo); // safe: open-redirect host allow-list on a destructured host
});

router.get("/signin/continue", (req, res) => {
  const returnTo = String(req.query.returnTo || "/");
  const host = new URL(returnTo, "https://app.example.com").hostname;
  if (!RETURN_HOSTS.has(host)) {
    return res.redirect("/"); // safe: open-redirect constant
  }
  res.redirect(returnTo); // safe: open-redirect host allow-list on a derived host
});

router.get("/signin/continue-logged", (req, res) => {
  const returnTo = String(req.query.returnTo || "/");
  const host = new URL(returnTo, "https://app.example.com").hostname;
  if (!RETURN_HOSTS.has(host)) {
    console.warn("return URL outside the allow-list");
  }
  res.redirect(returnTo); // vuln: open-redirect
});

router.get("/avatar", async (req, res) => {
  const src = req.query.src;
  const url = new URL(src);
  if (!AVATAR_ORIGINS.includes(url.origin)) return res.sendStatus(403);
  const upstream = await fetch(src); // safe: ssrf origin allow-list on a parsed URL
  res.set("Content-Type", "image/png");
  res.send(`<img alt="${src}">`); // vuln: xss
});

router.get("/avatar/any", async (req, res) => {
  const src = req.query.src;
  const url = new URL(src);
  if (url.protocol !== "https:") return res.sendStatus(400);
  const upstream = await fetch(src); // vuln: ssrf
  res.json({ ok: upstream.ok });
});

router.post("/signin", async (req, res) => {
  const { email, password } = req.body;
  if (typeof email !== "string" || typeof password !== "string") {
    return res.status(400).json({ error: "invalid credentials" });
  }
  const user = await User.findOne({ email, password }); // safe: nosql-injection type checked
  res.json({ ok: Boolean(user) });
});

router.post("/signin/lenient", async (req, res) => {
  const { email, password } = req.body;
  if (typeof email !== "string") {
    console.warn("email is not a string");
  }
  const user = await User.findOne({ email, password }); // vuln: nosql-injection
  res.json({ ok: Boolean(user) });
});

router.post("/signin/half", async (req, res) => {
  const { email, password } = req.body;
  if (typeof email !== "string") return res.status(400).end();
  const user = await User.findOne({ email, password }); // vuln: nosql-injection
  res.json({ ok: Boolean(user) });
});

router.post("/invites/redeem", async (req, res) => {
  if (typeof req.body.code !== "string") return res.status(400).end();
  const invite = await Invite.findOne({ code: req.body.code }); // safe: nosql-injection type checked
  const named = await Invite.find({ $where: `this.code === '${req.body.code}'` }); // vuln: nosql-injection
  res.send("<p>Invite " + req.body.code + "</p>"); // vuln: xss
  res.json({ invite, named });
});

router.get("/invites/search", async (req, res) => {
  const byTag = await Invite.find({ tag: `${req.query.tag}` }); // safe: nosql-injection template string
  const byOwner = await Invite.find({ owner: req.query.owner }); // vuln: nosql-injection
  const script = await Invite.$where(`this.tag === '${req.query.tag}'`); // vuln: nosql-injection
  res.json({ byTag, byOwner, script });
});

router.get("/signin/next", (req, res) => {
  const next = req.query.next;
  if (typeof next !== "string" || !next.startsWith("/") || next.startsWith("//")) return res.redirect("/");
  if (req.query.auto) return res.redirect(next); // safe: open-redirect relative path check
  res.send(`<p>Continue to <a href="${next}">${next}</a></p>`); // vuln: xss
});

router.get("/signout/next", (req, res) => {
  const next = String(req.query.next || "/");
  // `//evil.example` starts with "/" too: the browser takes it for another host.
  if (!next.startsWith("/")) return res.redirect("/");
  res.redirect(next); // vuln: open-redirect a lone slash lets //evil.example through
});

router.get("/invites/filter", async (req, res) => {
  const raw = req.query.filter;
  if (typeof raw !== "string") return res.status(400).end();
  const byTitle = await Invite.find({ title: raw.trim() }); // safe: nosql-injection type checked
  const custom = await Invite.find(JSON.parse(raw)); // vuln: nosql-injection
  res.json({ byTitle, custom });
});

router.get("/signin/secure-return", (req, res) => {
  const target = req.query.target;
  if (!target.startsWith("https")) return res.status(400).send("https only");
  res.redirect(target); // vuln: open-redirect
});
