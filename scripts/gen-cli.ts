// npm run gen:cli — rewrites src/faces/cli/client/catalog.json (the client's view of the operation
// table) from the operation definitions. Run it after changing a definition; a test says when.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildCatalog } from "../src/faces/cli/client/catalog-build.ts";

const file = fileURLToPath(new URL("../src/faces/cli/client/catalog.json", import.meta.url));
writeFileSync(file, `${JSON.stringify(buildCatalog(), null, 2)}\n`);
console.log(`wrote ${file}`);
