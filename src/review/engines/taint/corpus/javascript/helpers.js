// An Express router whose handlers pass request values through helpers of the same module.
const express = require("express");
const path = require("path");
const fs = require("fs");
const { exec } = require("child_process");
const escapeHtml = require("escape-html");
const db = require("./db");

const router = express.Router();
const REPORTS = "/srv/reports";

function normalizeName(value) {
  return String(value).trim().toLowerCase();
}

function defaultTheme(requested) {
  const theme = "light";
  return theme;
}

const toPage = (value) => parseInt(value, 10) || 1;
const greeting = (name) => "<p>Hello " + escapeHtml(name) + "</p>";

function findOrders(customer) {
  return db.query("SELECT * FROM orders WHERE customer = '" + customer + "'"); // vuln: sql-injection
}

function countOrders(customer) {
  return db.query("SELECT COUNT(*) FROM orders"); // safe: sql-injection constant query in helper
}

function purge(year) {
  return db.query("DELETE FROM orders WHERE year = '" + year + "'"); // safe: sql-injection helper called with constants
}

router.get("/orders", async (req, res) => {
  const rows = await findOrders(req.query.customer);
  const total = await countOrders(req.query.customer);
  await purge("2019");
  const name = normalizeName(req.query.name);
  await db.query("SELECT * FROM customers WHERE name = '" + name + "'"); // vuln: sql-injection
  const page = toPage(req.query.page);
  await db.query("SELECT * FROM orders LIMIT 20 OFFSET " + page * 20); // safe: sql-injection helper parses an integer
  res.json({ rows, total });
});

router.get("/report", (req, res) => {
  const theme = defaultTheme(req.query.theme);
  res.sendFile(path.join(REPORTS, theme + ".css")); // safe: path-traversal helper returns a constant
  const file = normalizeName(req.query.file);
  fs.readFile(path.join(REPORTS, file), (err, data) => res.end(data)); // vuln: path-traversal
});

router.get("/hello", (req, res) => {
  res.send(greeting(req.query.name)); // safe: xss helper escapes
  res.send("<p>" + normalizeName(req.query.name) + "</p>"); // vuln: xss
});

class Archiver {
  compress(dir) {
    exec("tar czf /tmp/out.tgz " + dir); // vuln: command-injection
  }

  listing(dir) {
    exec("ls /srv/archive"); // safe: command-injection constant command in helper
  }

  handle(req, res) {
    this.compress(req.body.dir);
    this.listing(req.body.dir);
    res.end();
  }
}

module.exports = { router, Archiver };
