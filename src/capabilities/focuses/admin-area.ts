// focuses' part of `crs admin`, read without loading focuses (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const focusesAdmin: AdminArea = {
  commands: { focus: "Focuses: instruction documents that steer runs" },
  register: async () => (await import("./admin.ts")).registerFocuses,
};
