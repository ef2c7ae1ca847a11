// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// A TypeScript package (a database and shell helper of a CLI): typed, optional, defaulted, rest and
// destructured parameters of exported functions and public methods, beside the fixed versions.
import { execSync, execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import type { Pool } from "pg";

export interface DumpOptions {
  table: string;
  where?: string;
}

export function dump(pool: Pool, { table, where }: DumpOptions): Promise<unknown> {
  return pool.query(`SELECT * FROM ${table} WHERE ${where ?? "true"}`); // vuln: sql-injection
}

const TABLES = new Set(["users", "orders"]);

export function dumpSafe(pool: Pool, { table }: DumpOptions): Promise<unknown> {
  if (!TABLES.has(table)) throw new Error(`unknown table ${table}`);
  return pool.query(`SELECT * FROM ${table}`); // safe: sql-injection allow-list then throw
}

export function byIds(pool: Pool, ...ids: string[]): Promise<unknown> {
  return pool.query(`SELECT * FROM users WHERE id IN (${ids.map((i) => `'${i}'`).join(",")})`); // vuln: sql-injection
}

export function byIdsSafe(pool: Pool, ...ids: string[]): Promise<unknown> {
  return pool.query("SELECT * FROM users WHERE id = ANY($1)", [ids]); // safe: sql-injection parameterized
}

export function byNumbers(pool: Pool, ...ids: number[]): Promise<unknown> {
  return pool.query(`SELECT * FROM users WHERE id IN (${ids.join(",")})`); // safe: sql-injection typed number
}

export function search(pool: Pool, term?: string, limit?: number): Promise<unknown> {
  return pool.query(`SELECT * FROM posts WHERE title LIKE '%${term}%' LIMIT ${limit}`); // vuln: sql-injection
}

export function searchSafe(pool: Pool, term?: string, limit?: number): Promise<unknown> {
  return pool.query("SELECT * FROM posts WHERE title LIKE $1 LIMIT $2", [`%${term}%`, limit]); // safe: sql-injection parameterized
}

export function page(pool: Pool, limit: number = 20, offset?: number): Promise<unknown> {
  return pool.query(`SELECT * FROM posts LIMIT ${limit} OFFSET ${offset ?? 0}`); // safe: sql-injection typed number
}

export const openInEditor = (file: string, editor: string = "vi"): void => {
  execSync(`${editor} ${file}`, { stdio: "inherit" }); // vuln: command-injection
};

export const openInEditorArgv = (file: string, editor: string = "vi"): void => {
  execFileSync(editor, [file], { stdio: "inherit" }); // safe: command-injection argument array
};

export class Workspace {
  constructor(private readonly db: Pool) {}

  static async create(name: string, [owner, role]: [string, string]): Promise<void> {
    execSync(`mkdir -p /srv/ws/${name} && chown ${owner}:${role} /srv/ws/${name}`); // vuln: command-injection
  }

  static async createArgv(name: string, [owner, role]: [string, string]): Promise<void> {
    execFileSync("install", ["-d", "-o", owner, "-g", role, path.join("/srv/ws", path.basename(name))]); // safe: command-injection argument array
  }

  public async rename(from: string, to?: string): Promise<void> {
    await this.db.query(`UPDATE ws SET name = '${to}' WHERE name = '${from}'`); // vuln: sql-injection
  }

  public async renameSafe(from: string, to?: string): Promise<void> {
    await this.db.query("UPDATE ws SET name = $1 WHERE name = $2", [to, from]); // safe: sql-injection parameterized
  }

  private async purge(name: string): Promise<void> {
    await this.db.query(`DELETE FROM ws WHERE name = '${name}'`); // safe: sql-injection private method is no entry point
  }

  readConfig({ file = "ws.json" }: { file?: string } = {}): string {
    return fs.readFileSync(path.join("/srv/ws/config", file), "utf8"); // vuln: path-traversal
  }

  readConfigSafe({ file = "ws.json" }: { file?: string } = {}): string {
    return fs.readFileSync(path.join("/srv/ws/config", path.basename(file)), "utf8"); // safe: path-traversal sanitized
  }
}

// A git client keeping its remote in a parameter property: the methods read it as the caller gave it.
export class GitClient {
  constructor(
    private readonly remote: string,
    private readonly depth: number = 1,
  ) {}

  pull(): void {
    execSync("git pull --rebase " + this.remote); // vuln: command-injection
  }

  pullArgv(): void {
    execFileSync("git", ["pull", "--rebase", this.remote]); // vuln: argument-injection no command runs, but an option can
  }

  shallowFetch(): void {
    execSync(`git fetch --depth=${this.depth} origin`); // safe: command-injection typed number
  }
}
