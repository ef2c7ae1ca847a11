const mysql = require('mysql2/promise');

const pool = mysql.createPool({
  host: process.env.DB_HOST || 'localhost',
  user: process.env.DB_USER || 'app',
  database: process.env.DB_NAME || 'accounts',
  connectionLimit: 10,
});

module.exports = pool;
