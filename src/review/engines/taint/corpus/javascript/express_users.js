// Users router of an Express app: SQL through mysql2/pg/knex/sequelize and MongoDB lookups.
const express = require("express");
const validator = require("validator");
const { pool } = require("../db");
const knex = require("../knex");
const { sequelize, QueryTypes } = require("../models");
const User = require("../models/user");

const router = express.Router();
const SORTABLE = ["name", "created_at", "email"];
const PAGE_SIZE = 25;

function pageOf(req) {
  const page = parseInt(req.query.page, 10) || 1;
  return (page - 1) * PAGE_SIZE;
}

function requireAuth(req, res, next) {
  if (!req.session || !req.session.userId) return res.status(401).json({ error: "login required" });
  next();
}

router.get("/users", requireAuth, async (req, res, next) => {
  try {
    const offset = pageOf(req);
    const [rows] = await pool.query("SELECT id, name FROM users LIMIT ? OFFSET ?", [PAGE_SIZE, offset]); // safe: sql-injection parameterized
    const sort = SORTABLE.includes(req.query.sort) ? req.query.sort : "name";
    const [sorted] = await pool.query(`SELECT id, name FROM users ORDER BY ${sort} LIMIT ${PAGE_SIZE}`); // safe: sql-injection allow-list
    res.json({ rows, sorted });
  } catch (err) {
    next(err);
  }
});

router.get("/users/search", async (req, res) => {
  const { q, dept } = req.query;
  const term = `%${q}%`;
  const [found] = await pool.query("SELECT id, name FROM users WHERE name LIKE ? AND dept = ?", [term, dept]); // safe: sql-injection parameterized
  const [legacy] = await pool.query("SELECT id, name FROM users WHERE name LIKE '%" + q + "%'"); // vuln: sql-injection
  res.json({ found, legacy });
});

router.get("/users/:id", async (req, res) => {
  const id = req.params.id;
  if (!validator.isNumeric(id)) return res.status(400).send("bad id");
  const { rows } = await pool.query(`SELECT * FROM users WHERE id = ${id}`); // safe: sql-injection validated numeric
  const byName = await pool.query(`SELECT * FROM users WHERE name = '${req.query.name}'`); // vuln: sql-injection
  res.json({ user: rows[0], byName: byName.rows });
});

function buildFilter(params) {
  let where = "WHERE 1=1";
  if (params.status) where += " AND status = '" + params.status + "'";
  return where;
}

router.get("/orders", async (req, res) => {
  const where = buildFilter(req.query);
  const result = await pool.query("SELECT * FROM orders " + where); // vuln: sql-injection
  res.json(result.rows);
});

router.post("/orders/:id/note", async (req, res) => {
  const orderId = Number(req.params.id);
  await knex("orders").where({ id: orderId }).update({ note: req.body.note }); // safe: sql-injection query builder
  await knex.raw("UPDATE orders SET note = ? WHERE id = ?", [req.body.note, orderId]); // safe: sql-injection parameterized
  await knex.raw(`UPDATE orders SET note = '${req.body.note}' WHERE id = ${orderId}`); // vuln: sql-injection
  await knex("orders").whereRaw("customer = '" + req.body.customer + "'"); // vuln: sql-injection
  res.sendStatus(204);
});

router.get("/reports", async (req, res) => {
  const region = req.query.region;
  const rows = await sequelize.query("SELECT * FROM sales WHERE region = :region", { replacements: { region }, type: QueryTypes.SELECT }); // safe: sql-injection parameterized
  const raw = await sequelize.query("SELECT * FROM sales WHERE region = '" + region + "'", { type: QueryTypes.SELECT }); // vuln: sql-injection
  const year = parseInt(req.query.year, 10);
  const byYear = await sequelize.query("SELECT * FROM sales WHERE year = " + year); // safe: sql-injection parsed integer
  res.json({ rows, raw, byYear });
});

router.post("/login", async (req, res) => {
  const user = await User.findOne({ email: req.body.email, password: req.body.password }); // vuln: nosql-injection
  const safer = await User.findOne({ email: String(req.body.email) }); // safe: nosql-injection cast to string
  if (typeof req.body.username !== "string") return res.status(400).end();
  const byName = await User.findOne({ username: req.body.username }); // safe: nosql-injection type checked
  res.json({ ok: Boolean(user || safer || byName) });
});

router.get("/profile", async (req, res) => {
  const filter = { owner: req.query.owner };
  const docs = await User.find(filter); // vuln: nosql-injection
  const mine = await User.find({ owner: req.session.userId }); // safe: nosql-injection session value
  const tagged = await User.find({ tags: { $in: [String(req.query.tag)] } }); // safe: nosql-injection cast to string
  const where = await User.find({ $where: "this.name == '" + req.query.name + "'" }); // vuln: nosql-injection
  res.json({ docs, mine, tagged, where });
});

module.exports = router;
