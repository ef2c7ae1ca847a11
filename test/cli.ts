// Runs the real `crs` executable as a child process against a test data dir (and a fresh
// PostgreSQL database when DATABASE_URL is set), like an operator would.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type StartOptions, unique, usingPostgres } from "./harness.ts";
import { dropDatabase, freshDatabase } from "./pg-template.ts";
import { compileCache } from "./child-env.ts";

const bin = resolve(import.meta.dirname, "../bin/crs.js");

export interface CliEnv {
  dataDir: string;
  schema: string | undefined;
  env: Record<string, string>;
}

export async function cliEnv(): Promise<CliEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), "crs-cli-"));
  const schema = usingPostgres ? unique("cli_") : undefined;
  const env: Record<string, string> = { CRS_DATA_DIR: dataDir, CRS_LOG_LEVEL: "silent" };
  if (schema) (env.DATABASE_URL = await freshDatabase(schema)), (env.CRS_DB_SCHEMA = schema);
  return { dataDir, schema, env };
}

/** Options for a test server over the CLI's store (data dir, PostgreSQL database and schema); dropCliStore removes it. */
export function sameStoreAsCli(e: CliEnv): StartOptions {
  return { dataDir: e.dataDir, ...(e.schema ? { env: { DATABASE_URL: e.env.DATABASE_URL!, CRS_DB_SCHEMA: e.schema } } : {}) };
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

/** Drops the PostgreSQL database a CLI test used (nothing to do on SQLite: the data dir is a temp dir). */
export async function dropCliStore(e: CliEnv): Promise<void> {
  if (e.env.DATABASE_URL) await dropDatabase(e.env.DATABASE_URL);
}
