// npm run gen:cli — rewrites the client's generated files: src/faces/cli/client/catalog.json (the
// client's view of the operation table) from the operation definitions, and commands.generated.ts
// (the capabilities' command modules) from the manifests. Run it after changing a definition or a
// manifest's `cli` or a capability's cli.ts (copied into the generated module); a test says when.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/faces/cli/client/catalog-build.ts";
import { buildCommandList } from "../src/faces/cli/client/commands-build.ts";

const catalog = fileURLToPath(new URL("../src/faces/cli/client/catalog.json", import.meta.url));
writeFileSync(catalog, `${JSON.stringify(buildCatalog(), null, 2)}\n`);
console.log(`wrote ${catalog}`);
const commands = fileURLToPath(new URL("../src/faces/cli/client/commands.generated.ts", import.meta.url));
writeFileSync(commands, buildCommandList());
console.log(`wrote ${commands}`);
