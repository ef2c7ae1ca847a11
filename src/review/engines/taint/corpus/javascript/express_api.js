// REST API of a small shop: products, accounts, exports and partner callbacks.
const express = require("express");
const net = require("net");
const ejs = require("ejs");
const { execFile, exec } = require("child_process");
const fs = require("fs");
const path = require("path");
const db = require("../db");
const Product = require("../models/product");
const axios = require("axios");

const api = express.Router();
const EXPORT_DIR = "/srv/exports";
const PARTNER_API = "https://partner.example.com/v2";

api.get("/products/:id", async (req, res) => {
  const product = await Product.findById(req.params.id);
  if (!product) return res.status(404).json({ error: "not found" });
  res.json(product); // safe: xss json
  const rows = await db.query("SELECT * FROM reviews WHERE product_id = ?", [req.params.id]); // safe: sql-injection parameterized
  res.render("product", { product, rows }); // safe: xss template
});

api.get("/products", async (req, res) => {
  const name = req.query.name;
  const docs = await Product.find({ name: { $eq: name } }); // safe: nosql-injection $eq operator
  const byCat = await Product.find({ category: req.query.category }); // vuln: nosql-injection
  const byPrice = await Product.find({ price: { $lte: Number(req.query.max) } }); // safe: nosql-injection number
  res.json({ docs, byCat, byPrice });
});

api.get("/go/:slug", (req, res) => {
  res.redirect("/products/" + req.params.slug); // safe: open-redirect fixed path prefix
  res.redirect(`https://shop.example.com/p/${req.params.slug}`); // safe: open-redirect fixed host
  res.redirect(req.query.url); // vuln: open-redirect
  res.redirect(`${req.query.base}/checkout`); // vuln: open-redirect
});

api.get("/partner/:id", async (req, res) => {
  const r = await axios.get(`${PARTNER_API}/items/${req.params.id}`); // safe: ssrf fixed host
  const r2 = await axios.get("https://partner.example.com/lookup?q=" + req.query.q); // safe: ssrf fixed host query
  const r3 = await axios.get(req.query.callback); // vuln: ssrf
  const target = req.body.endpoint + "/status";
  const r4 = await axios.post(target, { ok: true }); // vuln: ssrf
  res.json([r.data, r2.data, r3.data, r4.data]);
});

api.get("/greet", (req, res) => {
  const name = String(req.query.name || "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  res.send("<p>Hello " + name + "</p>"); // safe: xss manual escape
  const page = ejs.render("<p>Hello <%= name %></p>", { name: req.query.name });
  res.send(page); // safe: xss template autoescape
  res.send("<p>Bye " + req.query.name.trim() + "</p>"); // vuln: xss
});

api.get("/plain", (req, res) => {
  res.set("Content-Type", "text/plain");
  res.send("You searched for " + req.query.q); // safe: xss text plain response
});

api.get("/diag/ping", (req, res) => {
  const ip = req.query.ip;
  if (!net.isIP(ip)) return res.status(400).end();
  exec(`ping -c 1 ${ip}`, (err, out) => res.type("text/plain").send(out)); // safe: command-injection validated ip
  exec(`traceroute ${req.query.host}`, (err, out) => res.type("text/plain").send(out)); // vuln: command-injection
});

api.get("/exports/:file", (req, res) => {
  const file = req.params.file;
  if (file.includes("..") || file.includes("/")) return res.status(400).end();
  res.download(path.join(EXPORT_DIR, file)); // safe: path-traversal dot-dot rejected
  res.download(path.join(EXPORT_DIR, req.query.other)); // vuln: path-traversal
});

api.post("/exports", (req, res) => {
  const id = +req.body.id;
  fs.writeFileSync(path.join(EXPORT_DIR, `export-${id}.csv`), "a,b\n"); // safe: path-traversal numeric
  const fmt = req.body.format === "xlsx" ? "xlsx" : "csv";
  execFile("/usr/local/bin/exporter", ["--format", fmt, "--out", EXPORT_DIR]); // safe: command-injection argument array
  exec("exporter --format " + fmt); // safe: command-injection constant choice
  res.sendStatus(201);
});

module.exports = api;
