// Runs the real `crs` executable as a child process against a test data dir (and a fresh
// PostgreSQL schema when DATABASE_URL is set), like an operator would.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { openStore } from "../src/platform/store/index.ts";
import { unique, usingPostgres } from "./harness.ts";
import { compileCache } from "./child-env.ts";

const bin = resolve(import.meta.dirname, "../bin/crs.js");

export interface CliEnv {
  dataDir: string;
  schema: string | undefined;
  env: Record<string, string>;
}

export function cliEnv(): CliEnv {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-cli-"));
  const schema = usingPostgres ? unique("cli_") : undefined;
  const env: Record<string, string> = { CRS_DATA_DIR: dataDir, CRS_LOG_LEVEL: "silent" };
  if (usingPostgres) (env.DATABASE_URL = process.env.DATABASE_URL!), (env.CRS_DB_SCHEMA = schema!);
  return { dataDir, schema, env };
}

export function crs(e: CliEnv, args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { PATH: process.env.PATH ?? "", ...compileCache, HOME: process.env.HOME ?? "", ...e.env }, timeout: 30_000 },
      (err, stdout, stderr) => {
        done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs a command with --json and parses stdout, failing with stderr when it did not succeed. */
export async function crsJson<T = any>(e: CliEnv, args: string[]): Promise<T> {
  const r = await crs(e, [...args, "--json"]);
  if (r.code !== 0) throw new Error(`crs ${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** Drops the PostgreSQL schema a CLI test used (nothing to do on SQLite: the data dir is a temp dir). */
export async function dropCliStore(e: CliEnv): Promise<void> {
  if (!e.schema) return;
  const s = await openStore({ dataDir: e.dataDir, databaseUrl: process.env.DATABASE_URL, migrate: false });
  await sql`drop schema if exists ${sql.id(e.schema)} cascade`.execute(s.db);
  await s.close();
}
