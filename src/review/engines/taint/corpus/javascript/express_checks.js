// Checks written inline on request members, the way many route handlers validate input.
const ALLOWED_NEXT = ["/", "/account", "/orders"];
const SORT_COLUMNS = new Set(["price", "name", "rating"]);

app.get("/continue", (req, res) => {
  if (!ALLOWED_NEXT.includes(req.query.next)) return res.status(400).send("bad target");
  res.redirect(req.query.next); // safe: open-redirect allow-list early return
});

app.get("/continue2", (req, res) => {
  if (ALLOWED_NEXT.includes(req.query.next)) {
    res.redirect(req.query.next); // safe: open-redirect allow-list branch
  }
  res.redirect(req.query.next); // vuln: open-redirect
});

app.get("/catalog", async (req, res) => {
  if (!SORT_COLUMNS.has(req.query.sort)) return res.status(400).json({ error: "bad sort" });
  const rows = await pool.query("SELECT * FROM products ORDER BY " + req.query.sort); // safe: sql-injection allow-list early return
  const rows2 = await pool.query("SELECT * FROM products ORDER BY " + req.query.order); // vuln: sql-injection
  res.json({ rows, rows2 });
});

app.get("/catalog2", async (req, res) => {
  if (SORT_COLUMNS.has(req.query.sort)) {
    console.log("sorting");
  }
  const rows = await pool.query("SELECT * FROM products ORDER BY " + req.query.sort); // vuln: sql-injection
  res.json(rows);
});

app.get("/files/:name", (req, res) => {
  if (req.params.name.includes("..")) return res.status(400).end();
  fs.readFile("/srv/files/" + req.params.name, (err, data) => res.send(data)); // safe: path-traversal dot-dot rejected
});
