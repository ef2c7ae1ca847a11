const mysql = require('mysql2/promise');

const pool = mysql.createPool({ uri: process.env.DATABASE_URL });

async function getOrder(req, res) {
  const [rows] = await pool.execute('SELECT * FROM orders WHERE id = ? AND owner = ?', [req.params.id, req.user.id]);
  res.json(rows);
}

async function deleteOrder(req, res) {
  await pool.query({ sql: 'DELETE FROM orders WHERE id = ?', values: [req.params.id], timeout: 5000 }); // safe: sql-injection bound value
  res.status(204).end();
}

module.exports = { getOrder, deleteOrder };
