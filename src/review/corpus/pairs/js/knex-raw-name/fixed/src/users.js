const knex = require("./knex");

exports.findByName = function findByName(name) {
  return knex.raw("select * from users where name = ?", [name]); // safe: sql-injection parameterized
};
