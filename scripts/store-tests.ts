// Prints the test files that can behave differently on PostgreSQL + Redis than on SQLite and the
// in-memory limiter: those whose modules, followed through their runtime imports, reach the store,
// the rate limiter (buckets, Redis), the app that opens both, or the pg/ioredis packages, and those
// that name DATABASE_URL, REDIS_URL or usingPostgres (a child process is given the store by those).
// `npm run test:store` runs just these with DATABASE_URL and REDIS_URL set; the rest (the review
// engine, parsers, formatters) does the same work on either run, so CI runs it once, with `npm test`.
// Type-only imports are erased at run time and are not followed. Usage: node scripts/store-tests.ts
import { existsSync, globSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const reachesStore = (module: string) =>
  /\/src\/platform\/(store|limits)\//.test(module) || module.endsWith("/src/kernel/app.ts") || /^package:(pg|ioredis)(\/|$)/.test(module);
const namesStore = /\b(DATABASE_URL|REDIS_URL|usingPostgres)\b/;

// `import … from "x"`, `import "x"`, `export … from "x"`, `import("x")`; `import type …` is skipped.
const importPattern = /(?:^|[;\s])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
const importsOf = new Map<string, string[]>();

function imports(file: string): string[] {
  let found = importsOf.get(file);
  if (found) return found;
  found = [];
  for (const m of readFileSync(file, "utf8").matchAll(importPattern)) {
    if (m[1]) continue;
    const spec = (m[2] ?? m[3])!;
    if (!spec.startsWith(".")) found.push(`package:${spec}`);
    else if (existsSync(resolve(dirname(file), spec))) found.push(resolve(dirname(file), spec));
  }
  importsOf.set(file, found);
  return found;
}

function touchesStore(file: string): boolean {
  if (namesStore.test(readFileSync(file, "utf8"))) return true;
  const seen = new Set<string>();
  const todo = [file];
  while (todo.length) {
    const module = todo.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    if (reachesStore(module)) return true;
    if (!module.startsWith("package:") && module.endsWith(".ts")) todo.push(...imports(module));
  }
  return false;
}

export function storeTests(): string[] {
  const files = globSync(["src/**/*.test.ts", "test/**/*.test.ts"], { cwd: root }).sort();
  return files.filter((f) => touchesStore(resolve(root, f)));
}

if (import.meta.main)
  console.log(
    storeTests()
      .map((f) => relative(process.cwd(), resolve(root, f)))
      .join("\n"),
  );
