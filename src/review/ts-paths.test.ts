import { test } from "node:test";
import assert from "node:assert/strict";
import { aliasTargets, isProjectConfig, readPathAliases } from "./ts-paths.ts";

test("tsconfig paths: comments and trailing commas are read, targets are repository paths from baseUrl, the longest prefix wins", () => {
  const config = readPathAliases(
    "apps/web/tsconfig.json",
    `{
  /* paths for the app */
  "compilerOptions": {
    "baseUrl": "./src", // relative to this file
    "paths": {
      "@/*": ["./*"],
      "@/ui/*": ["../../../../outside/*", "../../../packages/ui/*", "./components/*"],
      "config": ["./config/index.ts"],
      "**/bad/*": ["./x/*"],
    },
  },
}`,
  )!;
  assert.equal(config.dir, "apps/web");
  const from = "apps/web/src/app/page.tsx";
  assert.deepEqual(aliasTargets([config], "@/lib/users", from), ["apps/web/src/lib/users"]);
  // The longest prefix wins; a target above the repository's root is dropped.
  assert.deepEqual(aliasTargets([config], "@/ui/button", from), ["packages/ui/button", "apps/web/src/components/button"]);
  assert.deepEqual(aliasTargets([config], "config", from), ["apps/web/src/config/index"]);
  assert.deepEqual(aliasTargets([config], "lodash/merge", from), []);
  // A file outside the config's directory is not under its aliases.
  assert.deepEqual(aliasTargets([config], "@/lib/users", "apps/api/src/main.ts"), []);
});

test("tsconfig paths: a file without paths, or not JSON at all, declares none; project config names are recognised", () => {
  assert.equal(readPathAliases("tsconfig.json", `{ "compilerOptions": { "strict": true } }`), null);
  assert.equal(readPathAliases("tsconfig.json", "not json {"), null);
  assert.equal(readPathAliases("tsconfig.json", `{ "compilerOptions": { "paths": ["@/*"] } }`), null);
  assert.ok(isProjectConfig("tsconfig.json") && isProjectConfig("web/jsconfig.json") && isProjectConfig("tsconfig.app.json"));
  assert.ok(!isProjectConfig("src/tsconfig.ts") && !isProjectConfig("mytsconfig.json"));
});
