// What focuses plug in: reading the workspace's review focuses, and managing them in `crs admin`.
import { capability } from "../../kernel/capability.ts";
import { focusesAdmin } from "./admin-area.ts";
import { getFocus } from "./operations/get-focus.ts";
import { listFocuses } from "./operations/list-focuses.ts";

export const focuses = capability({
  name: "focuses",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [listFocuses, getFocus],
  admin: focusesAdmin,
});
