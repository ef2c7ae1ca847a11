// SQL template tags bind each `${value}` as a parameter; the text around them is the query. Called as a plain
// function, or through the driver's unsafe escape hatch, the text is whatever the string holds.
const express = require("express");
const SQL = require("sql-template-strings");
const postgres = require("postgres");
const { Pool } = require("pg");
const pool = new Pool();
const sql = postgres();
const app = express();

app.get("/users", async (req, res) => {
  const { rows } = await pool.query(SQL`SELECT id, name FROM users WHERE name = ${req.query.name}`); // safe: sql-injection template tag binds the value
  res.json(rows);
});

app.get("/users/search", async (req, res) => {
  const q = SQL`SELECT id FROM users WHERE name ILIKE ${`%${req.query.q}%`}`.append(SQL` LIMIT ${Number(req.query.limit) || 20}`);
  const { rows } = await pool.query(q); // safe: sql-injection template tag binds the value
  res.json(rows);
});

app.get("/users/raw", async (req, res) => {
  const { rows } = await pool.query(SQL("SELECT id FROM users WHERE name = '" + req.query.name + "'")); // vuln: sql-injection
  res.json(rows);
});

app.get("/orders", async (req, res) => {
  res.json(await sql.unsafe(`SELECT * FROM orders WHERE status = '${req.query.status}'`)); // vuln: sql-injection
});

app.listen(3000);
