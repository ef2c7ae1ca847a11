// repositories' part of `crs admin`, read without loading repositories (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const repositoriesAdmin: AdminArea = {
  commands: { repo: "Repositories (git remotes mirrored by the server)" },
  register: async () => (await import("./admin.ts")).registerRepos,
};
