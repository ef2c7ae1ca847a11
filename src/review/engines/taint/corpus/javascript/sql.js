app.get("/user/:id", async (req, res) => {
  const id = req.params.id;
  await db.query("SELECT * FROM users WHERE id = " + id); // vuln: sql-injection
  await pool.query(`SELECT * FROM users WHERE name = '${req.query.name}'`); // vuln: sql-injection
  await db.query("SELECT * FROM users WHERE id = $1", [id]); // safe: sql-injection parameterized
  await db.query("SELECT * FROM users WHERE id = " + mysql.escape(id)); // safe: sql-injection sanitized
  let order = req.query.order;
  if (order !== "asc" && order !== "desc") order = "asc";
  const sorts = { name: "name", date: "created_at" };
  await db.query("SELECT * FROM users ORDER BY " + sorts[req.query.sort]); // safe: sql-injection safe map key
  const limit = 10;
  await db.query("SELECT * FROM users LIMIT " + limit); // safe: sql-injection constant
  await knex.raw("SELECT * FROM t WHERE a = '" + req.body.a + "'"); // vuln: sql-injection
  const sql = "SELECT * FROM t WHERE b = ?";
  await knex.raw(sql, [req.body.b]); // safe: sql-injection parameterized
  await sequelize.query("SELECT * FROM users WHERE email = '" + req.body.email + "'"); // vuln: sql-injection
});
