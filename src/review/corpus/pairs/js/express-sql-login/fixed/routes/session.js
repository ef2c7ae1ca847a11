const mysql = require("mysql");

const pool = mysql.createPool({ host: "localhost", user: "app", database: "app" });

module.exports = (app) => {
  app.post("/session", (req, res) => {
    const { email, password } = req.body;
    pool.query("SELECT id FROM users WHERE email = ? AND password_hash = SHA2(?, 256)", [email, password], (err, rows) => { // safe: sql-injection parameterized
      if (err || !rows.length) return res.status(401).end();
      req.session.uid = rows[0].id;
      res.status(204).end();
    });
  });
};
