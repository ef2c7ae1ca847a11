// Test and benchmark helper: builds large bare repositories in one `git fast-import` run: a root
// commit with `files` files, a chain of `commits` commits on main, and many branches, PR refs and
// tags pointing along that chain.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

export interface GenerateOptions {
  /** Files in the root commit's tree. */
  files: number;
  /** Commits on main after the root (each edits one file). */
  commits: number;
  branches: number;
  /** refs/pull/N/head for N = 1..pulls (every fifth one as refs/merge-requests/N/head instead). */
  pulls: number;
  /** Tags; every other one annotated. */
  tags: number;
}

function git(args: string[], cwd: string, input?: (w: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd,
      stdio: ["pipe", "ignore", "pipe"],
      env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} failed: ${err}`))));
    if (input) input(child.stdin).then(() => child.stdin.end(), reject);
    else child.stdin.end();
  });
}

function fileContent(i: number, rev: number): string {
  const lines = [`// file ${i} revision ${rev}`, `export function f${i}(x) {`];
  const body = 20 + (i % 60);
  for (let l = 0; l < body; l++) lines.push(`  const v${l} = x * ${l} + ${i}; // ${"abcdefghij".repeat(l % 4)}`);
  lines.push(`  return x;`, `}`, ``);
  return lines.join("\n");
}

/** The path of generated file `i`: spread over nested directories. */
export function generatedPath(i: number): string {
  return `pkg${i % 50}/mod${Math.floor(i / 50) % 40}/file${i}.js`;
}

/** Creates a bare repository at `dir` (which must not exist yet). */
export async function generateRepo(dir: string, o: GenerateOptions): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await git(["init", "--bare", "-q", "-b", "main"], dir);
  await git(["fast-import", "--quiet", "--done"], dir, async (w) => {
    let buf: string[] = [];
    let size = 0;
    const out = async (s: string) => {
      buf.push(s);
      size += s.length;
      if (size > 1 << 20) await flush();
    };
    const flush = () =>
      new Promise<void>((res) => {
        const ok = w.write(buf.join(""));
        buf = [];
        size = 0;
        if (ok) res();
        else w.once("drain", () => res());
      });
    const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
    const who = (t: number) => `Gen <gen@example.com> ${1_700_000_000 + t} +0000`;
    await out(`commit refs/heads/main\nmark :1\ncommitter ${who(0)}\n${data("root")}`);
    for (let i = 0; i < o.files; i++) {
      const c = fileContent(i, 0);
      await out(`M 100644 inline ${generatedPath(i)}\n${data(c)}`);
    }
    await out("\n");
    for (let k = 1; k <= o.commits; k++) {
      const i = (k * 7919) % Math.max(1, o.files);
      await out(`commit refs/heads/main\nmark :${k + 1}\ncommitter ${who(k)}\n${data(`change ${k}`)}from :${k}\n`);
      await out(`M 100644 inline ${generatedPath(i)}\n${data(fileContent(i, k))}\n`);
    }
    const mark = (n: number) => `:${(n % (o.commits + 1)) + 1}`;
    for (let b = 0; b < o.branches; b++) await out(`reset refs/heads/branch-${String(b).padStart(5, "0")}\nfrom ${mark(b)}\n\n`);
    for (let p = 1; p <= o.pulls; p++) {
      const ref = p % 5 === 0 ? `refs/merge-requests/${p}/head` : `refs/pull/${p}/head`;
      await out(`reset ${ref}\nfrom ${mark(p * 3)}\n\n`);
    }
    for (let t = 0; t < o.tags; t++) {
      const name = `v${Math.floor(t / 100)}.${t % 100}.0`;
      if (t % 2 === 0) await out(`reset refs/tags/${name}\nfrom ${mark(t * 5)}\n\n`);
      else await out(`tag ${name}\nfrom ${mark(t * 5)}\ntagger ${who(t)}\n${data(`release ${name}`)}`);
    }
    await out("done\n");
    await flush();
  });
}

/**
 * A pull request on top of main adding one file of `lines` lines, as refs/pull/<number>/head (kept
 * when it exists already); returns its head. The benchmarks review it as a change.
 */
export function addPullRequest(gitDir: string, o: { number: number; path: string; lines: number }): string {
  const ref = `refs/pull/${o.number}/head`;
  const existing = spawnSync("git", ["rev-parse", "--verify", "-q", ref], { env: { ...process.env, GIT_DIR: gitDir } });
  if (existing.status === 0) return existing.stdout.toString().trim();
  const env = {
    ...process.env,
    GIT_DIR: gitDir,
    GIT_INDEX_FILE: join(gitDir, "bench-index"),
    GIT_AUTHOR_NAME: "b",
    GIT_AUTHOR_EMAIL: "b@b",
    GIT_COMMITTER_NAME: "b",
    GIT_COMMITTER_EMAIL: "b@b",
  };
  const git = (args: string[], input?: string) => {
    const r = spawnSync("git", args, { env, input: input ?? "" });
    if (r.status !== 0) throw new Error(`git ${args[0]} failed: ${r.stderr}`);
    return r.stdout.toString().trim();
  };
  git(["read-tree", "main"]);
  const blob = git(["hash-object", "-w", "--stdin"], `${Array.from({ length: o.lines }, (_, i) => `export const added${i} = ${i};`).join("\n")}\n`);
  git(["update-index", "--add", "--cacheinfo", `100644,${blob},${o.path}`]);
  const head = git(["commit-tree", git(["write-tree"]), "-p", "main", "-m", `${o.lines} lines`]);
  git(["update-ref", ref, head]);
  return head;
}
