const { Router } = require('express');
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL });
const router = Router();

router.get('/:id', async ({ params }, res, next) => {
  try {
    const { rows } = await pool.query(`SELECT * FROM orders WHERE id = ${params.id}`);
    if (!rows.length) return res.sendStatus(404);
    res.json(rows[0]);
  } catch (err) {
    next(err);
  }
});

router.get('/', async (_req, res) => {
  const { rows } = await pool.query('SELECT id, total FROM orders ORDER BY id DESC LIMIT 50');
  res.json(rows);
});

module.exports = router;
