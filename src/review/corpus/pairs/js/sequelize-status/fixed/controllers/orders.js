const { sequelize } = require("../models");

exports.list = async (req, res) => {
  const rows = await sequelize.query("SELECT * FROM orders WHERE status = :status", { replacements: { status: req.query.status } }); // safe: sql-injection parameterized
  res.json(rows);
};
