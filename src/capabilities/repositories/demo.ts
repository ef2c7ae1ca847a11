// The demo repository of a first `npm start`: a small local git repository generated under the
// data directory, registered in the demo workspace and mirrored, so refs and reviews work at once.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { runGit } from "../../platform/codehost/git.ts";
import { demoFeatureFiles, demoFiles } from "./demo-files.ts";
import { registerRepository } from "./registry.ts";
import { syncRepository } from "./sync.ts";
import type { RepoDeps } from "./types.ts";

const demoFullName = "demo/acme-shop";

const identity = [
  "-c",
  "user.name=crs demo",
  "-c",
  "user.email=demo@crs.localhost",
  "-c",
  "commit.gpgsign=false",
  "-c",
  "tag.gpgsign=false",
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "init.defaultBranch=main",
];

async function git(cwd: string, args: string[]): Promise<string> {
  const res = await runGit([...identity, ...args], { cwd, timeoutMs: 30_000 });
  if (res.code !== 0) throw new Error(`git ${args[0]} failed in the demo repository: ${res.stderr.trim().slice(0, 200)}`);
  return res.stdout.toString("utf8").trim();
}

async function writeAll(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** Builds the repository at `path` (main, a feature branch, a tag and pull request 1). */
export async function generateDemoRepository(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await git(path, ["init", "-q", "-b", "main"]);
  await writeAll(path, demoFiles);
  await git(path, ["add", "-A"]);
  await git(path, ["commit", "-q", "-m", "acme-shop: orders, reports and a ping check"]);
  await git(path, ["tag", "v0.1.0"]);
  await git(path, ["checkout", "-q", "-b", "feature/list-orders"]);
  await writeAll(path, demoFeatureFiles);
  await git(path, ["add", "-A"]);
  await git(path, ["commit", "-q", "-m", "Export the order list"]);
  await git(path, ["update-ref", "refs/pull/1/head", "HEAD"]);
  await git(path, ["checkout", "-q", "main"]);
}

/** Creates, registers and syncs the demo repository; returns a line for the start banner. */
export async function createDemoRepository(deps: RepoDeps, dataDir: string, workspaceId: number): Promise<string> {
  const path = join(dataDir, "demo-repositories", "acme-shop");
  if (!existsSync(join(path, ".git"))) await generateDemoRepository(path);
  const row = await registerRepository(deps, { workspaceId, remote: path, name: demoFullName }, { background: false });
  const outcome = await syncRepository(deps, row.id);
  return outcome.status === "synced"
    ? `demo repo: ${demoFullName} (id ${row.id}), mirrored from ${path}`
    : `demo repo: ${demoFullName} registered, but its first sync did not finish (${outcome.status}); see crs admin repo list demo`;
}
