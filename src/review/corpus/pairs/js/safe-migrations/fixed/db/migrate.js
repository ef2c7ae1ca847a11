const { Client } = require("pg");

const TABLES = ["users", "sessions", "tokens"];

async function truncateAll(client) {
  for (const table of TABLES) {
    await client.query(`TRUNCATE TABLE ${table} CASCADE`); // safe: sql-injection constant loop
  }
}

async function count(client, table) {
  const res = await client.query("SELECT count(*) FROM " + client.escapeIdentifier(table)); // safe: sql-injection escaped identifier
  return Number(res.rows[0].count);
}

async function main() {
  const client = new Client();
  await client.connect();
  await truncateAll(client);
  console.log(await count(client, "users"));
  await client.end();
}

main();
