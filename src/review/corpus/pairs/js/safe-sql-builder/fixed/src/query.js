const pool = require("./pool");

exports.search = async function search(opts) {
  const where = [];
  const params = [];
  if (opts.name) {
    params.push(opts.name);
    where.push("name = $" + params.length);
  }
  if (opts.city) {
    params.push(opts.city);
    where.push("city = $" + params.length);
  }
  const sql = "SELECT * FROM people" + (where.length ? " WHERE " + where.join(" AND ") : "");
  return pool.query(sql, params); // safe: sql-injection placeholders
};
