const db = require("./db");

const TABLE = "accounts";

exports.byIds = function byIds(ids) {
  const marks = ids.map(() => "?").join(", ");
  return db.query("SELECT * FROM " + TABLE + " WHERE id IN (" + marks + ")", ids); // safe: sql-injection placeholders
};

exports.update = function update(id, fields) {
  const cols = Object.keys(fields).filter((c) => ["name", "email"].includes(c));
  const sets = cols.map((c) => c + " = ?").join(", ");
  return db.query("UPDATE accounts SET " + sets + " WHERE id = ?", [...cols.map((c) => fields[c]), id]); // safe: sql-injection allow-listed columns
};
