// npm run check:lines — fails on a line over 160 characters in the sources of src/, test/ and
// scripts/ (.ts, .js, .mjs, .cjs). Not checked: data whose line numbers are labels (corpus/, rules'
// examples/, bench/). Run by .ci/run.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const max = 160;
const root = fileURLToPath(new URL("..", import.meta.url));
const skipped = [/(^|\/)corpus\//, /(^|\/)rules\/.*\/examples\//, /(^|\/)bench\//, /(^|\/)node_modules\//];
const source = /\.(ts|js|mjs|cjs)$/;

const long: string[] = [];
for (const top of ["src", "test", "scripts"]) {
  for (const entry of readdirSync(join(root, top), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !source.test(entry.name)) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split("\\").join("/");
    if (skipped.some((s) => s.test(file))) continue;
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        // Characters as people count them (code points), not UTF-16 units.
        const length = [...line].length;
        if (length > max) long.push(`${file}:${i + 1}: ${length} characters`);
      });
  }
}
if (long.length) {
  console.error(`${long.length} line${long.length === 1 ? "" : "s"} over ${max} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`no line over ${max} characters`);
