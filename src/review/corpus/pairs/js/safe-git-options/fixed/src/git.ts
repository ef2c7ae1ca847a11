import { execSync } from "node:child_process";

interface LogOptions {
  oneline?: boolean;
  max?: number;
}

function gitLog(cwd: string, opts: LogOptions = {}): string {
  const format = opts.oneline ? "--oneline" : "--format=%H %s";
  const limit = opts.max ? ` -n ${Math.floor(opts.max)}` : "";
  return execSync(`git log ${format}${limit}`, { cwd, encoding: "utf8" }); // safe: command-injection literals and number
}

export function recent(cwd: string): string[] {
  return gitLog(cwd, { oneline: true, max: 5 }).split("\n");
}
