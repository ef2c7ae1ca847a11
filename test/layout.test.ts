// The capability layout is a rule, not a habit: every operation file belongs to its folder's
// manifest, every manifest row has its files, and src/server/capabilities.ts lists every folder.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { capabilities } from "../src/server/capabilities.ts";
import { operations, webOperations } from "../src/server/operations.ts";

const root = join(import.meta.dirname, "..", "src", "capabilities");
const folders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function isOperationLike(v: unknown): v is { id: string; method: string; handler?: unknown } {
  return typeof v === "object" && v !== null && typeof (v as { id?: unknown }).id === "string" && typeof (v as { method?: unknown }).method === "string";
}

/** The ids an operations/ folder defines (*.def.ts) and implements (the handler files beside them). */
async function operationFiles(folder: string): Promise<{ defined: Set<string>; implemented: Set<string> }> {
  const dir = join(root, folder, "operations");
  const defined = new Set<string>();
  const implemented = new Set<string>();
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  } catch {
    /* no operations */
  }
  for (const name of names) {
    const mod = (await import(pathToFileURL(join(dir, name)).href)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!isOperationLike(value)) continue;
      if (name.endsWith(".def.ts")) defined.add(value.id);
      else if (typeof value.handler === "function") implemented.add(value.id);
    }
  }
  return { defined, implemented };
}

describe("capability manifests", () => {
  test("src/server/capabilities.ts lists every folder of src/capabilities once, by its folder name", () => {
    assert.deepEqual(capabilities.map((c) => c.name).sort(), folders);
  });

  for (const folder of folders) {
    test(`${folder}: the manifest names exactly the operations its operations/ folder defines and implements`, async () => {
      const manifest = capabilities.find((c) => c.name === folder);
      assert.ok(manifest, `no manifest for ${folder}`);
      const listed = new Set([...manifest.operations, ...(manifest.webOperations ?? [])].map((op) => op.id));
      const { defined, implemented } = await operationFiles(folder);
      assert.deepEqual([...defined].sort(), [...listed].sort(), "a *.def.ts file no manifest names, or a manifest row without its definition file");
      assert.deepEqual([...implemented].sort(), [...listed].sort(), "a handler file no manifest names, or a manifest row without its handler file");
    });
  }

  test("operation ids are unique across capabilities", () => {
    const ids = capabilities.flatMap((c) => [...c.operations, ...(c.webOperations ?? [])].map((op) => op.id));
    assert.equal(new Set(ids).size, ids.length);
  });

  test("web-only operations stay out of the operation table (REST, MCP, OpenAPI and the CLI catalog)", () => {
    const table = new Set(operations.map((op) => op.id));
    assert.ok(webOperations.length > 0);
    for (const op of webOperations) assert.ok(!table.has(op.id), `${op.id} is web-only`);
  });
});
