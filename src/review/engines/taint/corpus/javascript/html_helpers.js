// A small web framework's helpers, as its CommonJS bundle ships them: HTML marked raw, a route tree searched by path,
// beside a data module that does speak SQL.
const require_utils_html = require("./utils/html.js");
const knex = require("knex")({ client: "pg" });

function styleTag(id, css) {
  return require_utils_html.raw(`<style id="${id}">${css}</style>`); // safe: sql-injection an HTML helper's raw, no SQL
}

function findUser(name) {
  return knex.raw("select * from users where name = '" + name + "'"); // vuln: sql-injection
}

function findTeam(db, team) {
  return db.raw(`select * from teams where slug = '${team}'`); // vuln: sql-injection
}

class TrieRouter {
  constructor(tree) {
    this.tree = tree;
  }
  match(method, path) {
    return this.tree.search(method, path); // safe: ldap-injection a route tree's search, no directory
  }
}

module.exports = { styleTag, findUser, findTeam, TrieRouter };
