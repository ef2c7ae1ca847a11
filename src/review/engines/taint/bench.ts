// Throughput of parse-only versus parse + taint on one core.
// Usage: node src/review/engines/taint/bench.ts [corpus|node_modules] [maxFiles]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, extname } from "node:path";
import { parseFor } from "./run.ts";
import { refineWithTaint } from "./index.ts";

const extLang: Record<string, string> = {
  ".js": "javascript",
  ".cjs": "javascript",
  ".mjs": "javascript",
  ".ts": "typescript",
  ".tsx": "tsx",
  ".py": "python",
  ".go": "go",
  ".java": "java",
};

function collect(dir: string, out: string[], max: number): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (out.length >= max) return;
    const p = join(dir, e.name);
    if (e.isDirectory()) collect(p, out, max);
    else if (e.isFile() && extLang[extname(p)] && !p.endsWith(".d.ts") && !p.endsWith(".min.js") && statSync(p).size < 512_000) out.push(p);
  }
}

const which = process.argv[2] ?? "node_modules";
const max = Number(process.argv[3] ?? 4000);
const root = which === "corpus" ? new URL("./corpus/", import.meta.url).pathname : join(process.cwd(), "node_modules");
const paths: string[] = [];
collect(root, paths, max);
const files = paths.map((p) => ({ p, lang: extLang[extname(p)]!, src: readFileSync(p, "utf8") }));
const lines = files.reduce((n, f) => n + f.src.split("\n").length, 0);

function run(withTaint: boolean): number {
  const t0 = performance.now();
  for (const f of files) {
    const r = parseFor(f.lang, f.src);
    if (withTaint) refineWithTaint({ path: f.p, language: f.lang, root: r, source: f.src, patternFindings: [], parseErrors: false });
    else r.root();
  }
  return (performance.now() - t0) / 1000;
}

run(true); // warm-up: load rules, JIT
const rounds = 3;
let parseS = 0;
let taintS = 0;
for (let i = 0; i < rounds; i++) {
  parseS += run(false);
  taintS += run(true);
}
const parseRate = (lines * rounds) / parseS;
const taintRate = (lines * rounds) / taintS;
console.log(`${which}: ${files.length} files, ${lines} lines`);
console.log(`parse only:    ${Math.round(parseRate)} lines/s`);
console.log(`parse + taint: ${Math.round(taintRate)} lines/s`);
console.log(`ratio:         ${(taintRate / parseRate).toFixed(2)}`);
