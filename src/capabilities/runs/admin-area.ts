// runs' part of `crs admin` (credits, spending limit, model review), read without loading runs
// (kernel/capability.ts, AdminArea).
import type { AdminArea } from "../../kernel/capability.ts";

export const runsAdmin: AdminArea = {
  commands: {
    credits: "A workspace's credits: a ledger of grants, charges and refunds",
    "spend-limit": "A workspace's monthly spending limit",
    "model-review": "A workspace's model review stage (on by default when the server has a model)",
  },
  register: async () => {
    const { registerCredits, registerModelReview } = await import("./admin.ts");
    return (admin, io) => {
      registerCredits(admin, io);
      registerModelReview(admin, io);
    };
  },
};
