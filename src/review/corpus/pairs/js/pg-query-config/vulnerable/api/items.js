const { Pool } = require('pg');
const pool = new Pool();

async function getItem(req, res) {
  const text = "SELECT * FROM items WHERE slug = '" + req.params.slug + "'";
  const result = await pool.query({ text, rowMode: 'array' }); // vuln: sql-injection
  if (result.rowCount === 0) {
    res.status(404).end();
    return;
  }
  res.json(result.rows[0]);
}

module.exports = { getItem };
