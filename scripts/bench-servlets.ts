// `node scripts/bench-servlets.ts DIR [--files N]`: writes the generated Java servlet tree
// (scripts/bench-corpus.ts, default 2,700 files) into DIR as a git repository, for timing
// `crs review DIR` (user + sys CPU under /usr/bin/time) against another commit's engine.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { servletTree } from "./bench-corpus.ts";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--"));
if (!dir) {
  console.error("usage: node scripts/bench-servlets.ts DIR [--files N]");
  process.exit(2);
}
const i = args.indexOf("--files");
const files = servletTree(i >= 0 ? Number(args[i + 1]) : 2700);
const root = resolve(dir);
for (const f of files) {
  const p = join(root, f.path);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, f.content);
}
const git = (...a: string[]) => execFileSync("git", ["-C", root, ...a], { stdio: "ignore" });
git("init", "-q");
git("add", "-A");
git("-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "servlet tree");
console.log(`${files.length} files in ${root}`);
