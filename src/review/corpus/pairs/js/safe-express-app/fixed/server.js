const express = require("express");
const path = require("path");
const fs = require("fs");
const db = require("./db");

const app = express();
const views = path.join(__dirname, "views");
const layout = fs.readFileSync(path.join(views, "layout.html"), "utf8"); // safe: path-traversal constant

app.get("/users/:id", async (req, res) => {
  const id = Number(req.params.id);
  if (!Number.isInteger(id)) return res.status(400).end();
  const rows = await db.query("SELECT name FROM users WHERE id = " + id); // safe: sql-injection number
  res.send(layout.replace("{{body}}", rows.length ? "found" : "missing"));
});

app.get("/stats", async (req, res) => {
  const days = Math.min(Math.max(parseInt(req.query.days, 10) || 7, 1), 90);
  const rows = await db.query(`SELECT day, hits FROM stats WHERE day > now() - interval '${days} days'`); // safe: sql-injection number
  res.json(rows);
});

app.listen(3000);
