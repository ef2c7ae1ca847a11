const { Pool } = require('pg');
const pool = new Pool();

async function getItem(req, res) {
  const text = 'SELECT * FROM items WHERE slug = $1';
  const result = await pool.query({ text, values: [req.params.slug], rowMode: 'array' }); // safe: sql-injection bound value
  if (result.rowCount === 0) {
    res.status(404).end();
    return;
  }
  res.json(result.rows[0]);
}

module.exports = { getItem };
