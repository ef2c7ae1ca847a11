// A backup tool's helpers that escape by hand before a shell or a query: a double-quoted word with every
// character the shell still reads there escaped, pg-format's %L and %I; beside them the incomplete escape
// (quotes only: `$(…)` still runs) and pg-format's %s, which passes the value as it is.
"use strict";
const { exec } = require("child_process");
const format = require("pg-format");

function shellWord(s) {
  return `"${String(s).replace(/(["$`\\])/g, "\\$1")}"`;
}

function archive(dir, dest, cb) {
  exec(`tar -czf "${dest.replace(/(["\s'$`\\])/g, "\\$1")}" -C /srv/data .`, cb); // safe: command-injection escaped double-quoted word
  exec("du -sh " + shellWord(dir), cb); // safe: command-injection escaped double-quoted word
}

function archiveQuotesOnly(dest, cb) {
  exec(`tar -czf "${dest.replace(/"/g, '\\"')}" -C /srv/data .`, cb); // vuln: command-injection
}

async function rowsFor(client, table, owner) {
  const byOwner = await client.query(format("SELECT * FROM %I WHERE owner = %L", table, owner)); // safe: sql-injection quoted by pg-format
  const raw = await client.query(format("SELECT * FROM t WHERE owner = '%s'", owner)); // vuln: sql-injection
  return [byOwner, raw];
}

module.exports = { archive, archiveQuotesOnly, rowsFor };
