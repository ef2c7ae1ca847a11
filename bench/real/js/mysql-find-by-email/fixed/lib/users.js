const pool = require('./db');

async function findByEmail(email) {
  const [rows] = await pool.query('SELECT id, email, name, created_at FROM users WHERE email = ? LIMIT 1', [email]);
  return rows[0] || null;
}

async function countUsers() {
  const [rows] = await pool.query('SELECT COUNT(*) AS n FROM users');
  return rows[0].n;
}

module.exports = { findByEmail, countUsers };
