const db = require("../db");

const COLUMNS = { name: "name", price: "price", newest: "created_at DESC" };

module.exports = (router) => {
  router.get("/products", async (req, res) => {
    const sort = COLUMNS[req.query.sort] || "name";
    const rows = await db.query("SELECT id, name, price FROM products ORDER BY " + sort); // safe: sql-injection enum lookup
    res.json(rows);
  });
};
