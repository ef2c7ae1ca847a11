// findings' part of `crs admin`, read without loading findings (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const findingsAdmin: AdminArea = {
  commands: { finding: "Decisions on findings" },
  register: async () => (await import("./admin.ts")).registerFindings,
};
