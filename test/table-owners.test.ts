// A capability reads and writes its own tables; another capability's data comes through that
// capability's index.ts (or an App hook). dependency-cruiser cannot see SQL, so this test reads the
// code: every table a capability names in a query builder call (selectFrom, insertInto, joins, ...)
// or in a raw sql`` template must be its own, as its store.ts declares and the migrations create.
// The shortcuts that predate the check are listed below, each (file, table) exactly: a new one
// fails, and so does a listed one that is gone (the list only shrinks).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";

const root = join(import.meta.dirname, "..");
const capabilitiesDir = join(root, "src", "capabilities");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : d.name.endsWith(".ts") ? [join(dir, d.name)] : [],
  );
}

const capabilityOf = (file: string) => relative(capabilitiesDir, file).split("/")[0]!;

/** Table name -> owning capability: the capability whose store.ts (or a store.ts under it) declares the table's row type. */
function tableOwners(): Map<string, string> {
  const typeOwner = new Map<string, string>();
  const stores = filesUnder(capabilitiesDir).filter((f) => f.endsWith("/store.ts"));
  for (const file of stores) {
    for (const m of readFileSync(file, "utf8").matchAll(/export interface (\w+Table) \{/g)) typeOwner.set(m[1]!, capabilityOf(file));
  }
  const owners = new Map<string, string>();
  for (const file of [...stores, join(root, "src", "platform", "store", "schema.ts")]) {
    for (const m of readFileSync(file, "utf8").matchAll(/^\s+([a-z_]+): (\w+Table);/gm)) {
      const owner = typeOwner.get(m[2]!);
      assert.ok(owner, `${m[2]} (table ${m[1]}) is declared in no capability's store.ts`);
      owners.set(m[1]!, owner);
    }
  }
  return owners;
}

// Kysely's calls that take a table (sql.table too), and their argument: a literal or an array of them.
const methods = "selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|using|table";
const builderCalls = new RegExp(`\\b(${methods})\\(\\s*(\\[[^\\]]*\\]|"[^"]*"|'[^']*'|\`[^\`$]*\`)`, "g");
const rawSql = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const rawTable = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The tables a source text names in SQL, with the line of each. Comments are left out. */
function tablesNamed(source: string): { table: string; line: number }[] {
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|\s)\/\/[^\n]*/g, (c, lead: string) => lead + " ".repeat(c.length - lead.length));
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  const out: { table: string; line: number }[] = [];
  for (const m of text.matchAll(builderCalls)) {
    for (const lit of m[2]!.matchAll(/["'`]([^"'`]+)["'`]/g)) out.push({ table: lit[1]!.trim().split(/\s+/)[0]!, line: lineAt(m.index) });
  }
  for (const m of text.matchAll(rawSql)) {
    for (const t of m[1]!.matchAll(rawTable)) out.push({ table: t[1]!.toLowerCase(), line: lineAt(m.index) });
  }
  return out;
}

/**
 * Shortcuts into another capability's tables that predate this check: "file: tables". Fold one by
 * calling the owner's index.ts (or an App hook where that would make a cycle) and remove its line.
 */
const known: Record<string, string[]> = {
  // The post-back watcher polls every few seconds across workspaces for pull-request reviews of
  // connected repositories with no job yet: one query joining runs, connections and jobs. Folded,
  // it would read runs in batches and look each batch up in connections and jobs, every poll.
  "src/capabilities/connections/post-back/discover.ts": ["runs"],
  // OAuth tokens live in identity's tokens table, issued and revoked in the token endpoint's own
  // transactions. Identity imports oauth (a user's grants end with their tokens), so oauth calling
  // identity's index.ts would make a cycle; an App hook would carry identity's token writes through
  // the kernel's App type into functions that are given the store only.
  "src/capabilities/oauth/grants.ts": ["memberships", "tokens", "users"],
  "src/capabilities/oauth/refresh.ts": ["tokens"],
};

describe("capabilities name only their own tables in SQL", () => {
  const owners = tableOwners();

  test("every table the migrations create has an owning capability, and every owned table is created", () => {
    const created = new Set<string>();
    const dir = join(root, "src", "platform", "store", "migrations");
    for (const f of readdirSync(dir)) for (const m of readFileSync(join(dir, f), "utf8").matchAll(/createTable\("([a-z_]+)"\)/g)) created.add(m[1]!);
    assert.deepEqual([...owners.keys()].sort(), [...created].sort());
  });

  test("the scanner finds builder calls, joins, subqueries, arrays and raw sql, and skips comments", () => {
    const source = [
      'db.selectFrom("runs as r").innerJoin("findings", (j) => j)',
      "  .where(({ exists, selectFrom }) => exists(selectFrom('finding_presence as p').select('p.sha')))",
      '  .leftJoin(\n    "repositories",\n    (j) => j)',
      'await db.selectFrom(["users", "tokens"]).execute();',
      "await sql`update workspaces set x = 1 where id in (select id FROM memberships)`.execute(db);",
      'tx.deleteFrom("app_sessions"); tx.insertInto(`credit_ledger`); tx.updateTable("settings");',
      '// db.selectFrom("oauth_codes") in a comment',
      '/* db.selectFrom("oauth_grants") */ const url = "https://example.test"; // selectFrom("documents")',
    ].join("\n");
    const named = tablesNamed(source).map((t) => `${t.line}:${t.table}`);
    assert.deepEqual(named.sort(), [
      "1:findings",
      "1:runs",
      "2:finding_presence",
      "3:repositories",
      "6:tokens",
      "6:users",
      "7:memberships",
      "7:workspaces",
      "8:app_sessions",
      "8:credit_ledger",
      "8:settings",
    ]);
  });

  test("outside the known shortcuts, no capability's code names another capability's table", () => {
    const found: Record<string, Set<string>> = {};
    const problems: string[] = [];
    for (const file of filesUnder(capabilitiesDir)) {
      if (file.endsWith(".test.ts")) continue;
      const me = capabilityOf(file);
      const rel = relative(root, file);
      for (const { table, line } of tablesNamed(readFileSync(file, "utf8"))) {
        const owner = owners.get(table);
        if (!owner) {
          problems.push(`${rel}:${line} names "${table}", which is no table`);
          continue;
        }
        if (owner === me) continue;
        (found[rel] ??= new Set()).add(table);
        if (!known[rel]?.includes(table)) problems.push(`${rel}:${line} names ${owner}'s table ${table}: call ${owner}'s index.ts instead`);
      }
    }
    for (const [rel, tables] of Object.entries(known)) {
      for (const table of tables) if (!found[rel]?.has(table)) problems.push(`${rel} no longer names ${table}: remove it from the known shortcuts`);
    }
    assert.deepEqual(problems, []);
  });
});
