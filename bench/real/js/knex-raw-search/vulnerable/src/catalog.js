const knexFactory = require('knex');

const knex = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL });

async function search(term, { limit = 25 } = {}) {
  const needle = term.trim().toLowerCase();
  const result = await knex.raw(`select id, name, price from items where lower(name) like '%${needle}%' limit ${Number(limit)}`);
  return result.rows;
}

async function byCategory(category) {
  return knex('items').where({ category }).select('id', 'name', 'price');
}

module.exports = { search, byCategory };
