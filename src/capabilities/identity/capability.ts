// What identity plugs in: who the caller is (get_me) and the workspace's members, and the operator's
// users, workspaces, members and API keys in `crs admin`. Sign-in, sessions and settings pages are
// served by the web face (src/faces/web) through this capability's index.ts.
import { capability } from "../../kernel/capability.ts";
import { registerIdentity } from "./admin.ts";
import { getMe } from "./operations/get-me.ts";
import { listMembers } from "./operations/list-members.ts";

export const identity = capability({
  name: "identity",
  operations: [getMe, listMembers],
  adminCommands: [registerIdentity],
});
