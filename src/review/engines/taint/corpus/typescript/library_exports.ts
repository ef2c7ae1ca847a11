// @ts-nocheck
// An ES module library: exported functions and an exported class's public methods take library input.
import * as FS from "node:fs";
import { execSync as sh, execFileSync } from "node:child_process";
import path from "node:path";

export function thumbnail(file: string, size: string): Buffer {
  return sh(`convert ${file} -resize ${size} -`); // vuln: command-injection
}

export function thumbnailSafe(file: string, size: string): Buffer {
  return execFileSync("convert", [file, "-resize", size, "-"]); // safe: command-injection argument array
}

export function killTree(pid: number): void {
  sh(`pkill -P ${pid}`); // safe: command-injection typed number
}

export const readConfig = (name: string): string => FS.readFileSync(path.join("/etc/app", name), "utf8"); // vuln: path-traversal

export const readConfigSafe = (name: string): string => FS.readFileSync(path.join("/etc/app", path.basename(name)), "utf8"); // safe: path-traversal basename

export class Repo {
  constructor(private db: { query(sql: string, args?: unknown[]): unknown }) {}
  remove(id: string) {
    return this.db.query(`DELETE FROM items WHERE id = '${id}'`); // vuln: sql-injection
  }
  removeSafe(id: string) {
    return this.db.query("DELETE FROM items WHERE id = ?", [id]); // safe: sql-injection parameterized
  }
  #purge(table: string) {
    return this.db.query(`DELETE FROM ${table}`); // safe: sql-injection private method is no entry point
  }
}
