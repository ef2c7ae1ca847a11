// identity's part of `crs admin`, read without loading identity (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const identityAdmin: AdminArea = {
  commands: { workspace: "Workspaces (organizations)", user: "Users", member: "Workspace memberships", key: "API keys" },
  register: async () => (await import("./admin.ts")).registerIdentity,
};
