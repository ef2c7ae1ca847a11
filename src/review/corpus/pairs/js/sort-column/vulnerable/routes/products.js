const db = require("../db");

module.exports = (router) => {
  router.get("/products", async (req, res) => {
    const sort = req.query.sort || "name";
    const rows = await db.query("SELECT id, name, price FROM products ORDER BY " + sort); // vuln: sql-injection
    res.json(rows);
  });
};
