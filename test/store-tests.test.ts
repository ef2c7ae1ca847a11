// The PostgreSQL + Redis run (`npm run test:store`) takes the test files scripts/store-tests.ts selects:
// every file that opens a store or a server must be among them, and the engine, which knows no
// database, must not cost a second run.
import assert from "node:assert/strict";
import { globSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { storeTests } from "../scripts/store-tests.ts";

const root = join(import.meta.dirname, "..");
const selected = new Set(storeTests());

test("every test file that imports the harness, the CLI runner or the PostgreSQL template runs on PostgreSQL + Redis", () => {
  const direct = globSync("test/**/*.test.ts", { cwd: root }).filter((f) =>
    /from "\.\/(harness|cli|pg-template)\.ts"/.test(readFileSync(join(root, f), "utf8")),
  );
  assert.ok(direct.length > 50);
  assert.deepEqual(
    direct.filter((f) => !selected.has(f)),
    [],
  );
});

test("the limiter's own tests run on PostgreSQL + Redis; the engine's and a pure helper's run once, on SQLite", () => {
  assert.ok(selected.has("src/platform/limits/limiter.test.ts"));
  assert.ok(!selected.has("src/kernel/safe-equal.test.ts"));
  assert.deepEqual(
    [...selected].filter((f) => f.startsWith("src/review/")),
    [],
  );
});
