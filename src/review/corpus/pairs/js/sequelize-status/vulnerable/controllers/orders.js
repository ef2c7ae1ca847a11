const { sequelize } = require("../models");

exports.list = async (req, res) => {
  const rows = await sequelize.query(`SELECT * FROM orders WHERE status = '${req.query.status}'`); // vuln: sql-injection
  res.json(rows);
};
