// Accounts: login, profile pages, avatars and admin tools of a Node app using mysql2 and mongoose.
const express = require("express");
const mysql = require("mysql2");
const path = require("path");
const fs = require("fs");
const { execSync } = require("child_process");
const Account = require("../models/account");

const router = express.Router();
const conn = mysql.createConnection({ host: "db", user: "app", database: "app" });
const AVATARS = path.join(__dirname, "..", "public", "avatars");

function slugify(s) {
  return String(s).toLowerCase().replace(/[^a-z0-9-]/g, "");
}

router.post("/login", async (req, res) => {
  const account = await Account.findOne({ email: String(req.body.email) });
  if (!account || !(await account.checkPassword(req.body.password))) return res.status(401).send("invalid login");
  req.session.accountId = account.id; // safe: trust-boundary database value
  req.session.role = account.role; // safe: trust-boundary database value
  req.session.lang = req.body.lang; // vuln: trust-boundary
  res.redirect(req.baseUrl + "/home"); // safe: open-redirect mount path
});

router.get("/profile/:name", (req, res) => {
  const name = req.params.name.replace(/[^\w.-]/g, "");
  const sql = mysql.format("SELECT * FROM profiles WHERE name = ?", [req.params.name]);
  conn.query(sql, (err, rows) => res.json(rows)); // safe: sql-injection formatted with placeholders
  conn.query("SELECT * FROM profiles WHERE name = '" + name + "'", (err, rows) => res.json(rows)); // safe: sql-injection characters stripped
  conn.query("SELECT * FROM profiles WHERE bio LIKE '%" + req.query.bio + "%'", (err, rows) => res.json(rows)); // vuln: sql-injection
});

router.get("/avatar/:user", (req, res) => {
  const safeName = path.normalize(req.params.user).replace(/^(\.\.(\/|\\|$))+/, "");
  res.sendFile(path.join(AVATARS, safeName)); // safe: path-traversal normalized and stripped
  res.sendFile(path.join(AVATARS, slugify(req.query.alt) + ".png")); // safe: path-traversal todo: sanitizer inside a helper
  res.sendFile(req.query.file, { root: AVATARS }); // safe: path-traversal root option
});

router.get("/admin/disk", (req, res) => {
  const vol = req.query.volume.replace(/[^a-zA-Z0-9_-]/g, "");
  const out = execSync("df -h /mnt/" + vol); // safe: command-injection characters stripped
  const out2 = execSync("du -sh /srv/" + req.query.dir); // vuln: command-injection
  res.type("text/plain").send(out + out2);
});

router.get("/accounts/:id/card", async (req, res) => {
  const acc = await Account.findById(req.params.id);
  res.send(`<div class="card">${acc.displayName}</div>`); // safe: xss stored data is not request data
  res.send(`<div class="card">${req.params.id}</div>`); // vuln: xss
});

module.exports = router;
