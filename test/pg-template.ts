// PostgreSQL stores for tests, each a database of its own copied from a template database that is
// migrated once per migration set: CREATE DATABASE … TEMPLATE takes ~0.1 s, where migrating a fresh
// schema takes 1–2 s of the server's time. The copy's migrated schema is renamed to the test's schema
// name, so a test still reaches its store by a URL and CRS_DB_SCHEMA, as a server does, and no two
// tests share a database.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openStore } from "../src/platform/store/index.ts";

const migrationsDir = join(import.meta.dirname, "../src/platform/store/migrations");
const templateSchema = "crs_template";

/** Named by the migrations' text, so a changed migration gets a new template, never a stale one. */
function templateName(): string {
  const hash = createHash("sha256");
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  return `crs_template_${hash.digest("hex").slice(0, 16)}`;
}

/** `url` naming another database of the same server. */
export function inDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, action: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await action(c);
  } finally {
    await c.end();
  }
}

const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

let template: Promise<string> | undefined;

/** The template of this migration set, built by the first process that needs it (others wait on a lock). */
function ensureTemplate(server: string): Promise<string> {
  template ??= withClient(server, async (c) => {
    const name = templateName();
    await c.query("select pg_advisory_lock(hashtext($1))", [name]);
    const found = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    // Built under another name and renamed when complete: a half-built template is never copied.
    const building = `${name}_${process.pid}`;
    await c.query(`drop database if exists ${id(building)}`);
    await c.query(`create database ${id(building)}`);
    const store = await openStore({ dataDir: tmpdir(), databaseUrl: inDatabase(server, building), schema: templateSchema });
    await store.close();
    await c.query(`alter database ${id(building)} rename to ${id(name)}`);
    return name;
  });
  return template;
}

/** A new database for one test, migrated, its schema named `schema`; its URL on `via` (default: DATABASE_URL's server). */
export async function freshDatabase(schema: string, via = process.env.DATABASE_URL!): Promise<string> {
  const server = process.env.DATABASE_URL!;
  const name = await ensureTemplate(server);
  const database = schema.toLowerCase();
  await withClient(server, (c) => c.query(`create database ${id(database)} template ${id(name)}`));
  await withClient(inDatabase(server, database), (c) => c.query(`alter schema ${templateSchema} rename to ${id(schema)}`));
  return inDatabase(via, database);
}

/** Drops a database freshDatabase made (its connections, if any are left, are ended). */
export async function dropDatabase(url: string): Promise<void> {
  const database = decodeURIComponent(new URL(url).pathname.slice(1));
  await withClient(process.env.DATABASE_URL!, (c) => c.query(`drop database if exists ${id(database)} with (force)`));
}
