// Test support: git in the repository a stand-in serves, as the host itself reads it: a ref resolved,
// and the lines of a pull request's diff the host accepts a review comment on.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** `git` in the served repository without blocking the event loop (crs may share the process in tests and benchmarks). */
export async function git(gitDir: string, args: string[]): Promise<string> {
  const { stdout } = await run("git", ["--git-dir", gitDir, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/** The new-side line ranges of `git diff base...head` per file, context included (where a host accepts a review comment). */
export async function commentableLines(gitDir: string, base: string, head: string): Promise<Map<string, Array<[number, number]>>> {
  // quotePath off: non-ASCII names come as they are; git still C-quotes names with quotes, backslashes
  // or control characters, and ends a name holding a space with a tab.
  const out = await git(gitDir, ["-c", "core.quotePath=false", "diff", "--no-color", "--no-renames", "-U3", `${base}...${head}`]);
  const files = new Map<string, Array<[number, number]>>();
  let current: Array<[number, number]> | null = null;
  for (const line of out.split("\n")) {
    if (line.startsWith("+++ ")) {
      const name = diffName(line.slice(4));
      current = name === "/dev/null" ? null : [];
      if (current) files.set(name.replace(/^b\//, ""), current);
    } else if (line.startsWith("@@") && current) {
      const m = /\+(\d+)(?:,(\d+))? @@/.exec(line);
      if (m) current.push([Number(m[1]), Number(m[1]) + Number(m[2] ?? "1") - 1]);
    }
  }
  return files;
}

/** A file name from a `+++` line: the trailing tab dropped, a C-quoted name unquoted. */
function diffName(raw: string): string {
  const name = raw.replace(/\t$/, "");
  if (!name.startsWith('"')) return name;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, "\\": 92 };
  for (let i = 1; i < name.length - 1; i++) {
    const ch = name[i] ?? "";
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const next = name[i + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(name.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** `git rev-parse` in the served repository; null when the ref does not exist. */
export async function revParse(gitDir: string, ref: string): Promise<string | null> {
  try {
    return (await git(gitDir, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).trim() || null;
  } catch {
    return null;
  }
}
