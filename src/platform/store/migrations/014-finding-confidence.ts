import type { Kysely } from "kysely";

// Findings carry a confidence in the API and filter on it (low, medium, high). The column holds what
// the engine said at the finding's first report (the rule's confidence then); those values stay, as
// they are what the engine would still say for pattern findings, and the next report of a finding
// replaces its value. Anything else a store may hold reads as the rules' default, medium.
export function findingConfidence() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.updateTable("findings").set({ confidence: "medium" }).where("confidence", "not in", ["low", "medium", "high"]).execute();
    },
  };
}
