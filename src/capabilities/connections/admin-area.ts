// connections' part of `crs admin` (repo connect|policy|deliveries, secret-key rotate), read without
// loading connections (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const connectionsAdmin: AdminArea = {
  commands: { "secret-key": "The server key that encrypts code-host credentials" },
  extends: ["repo"],
  register: async () => (await import("./admin.ts")).registerConnections,
  // `crs admin repo sync|add --wait` fetch a connected repository with its credentials.
  hooks: { gitAuth: async (deps, repositoryId) => (await import("./host.ts")).gitAuthFor(deps, repositoryId) },
};
