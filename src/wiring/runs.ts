// What the runs capability plugs into `crs serve`: the demo workspace's first credits, so a new
// user can start a run at once.
import { addCredits } from "../domain/billing/ledger.ts";
import type { Wiring } from "./types.ts";

/** Enough for a few dozen runs of the demo repository at the default prices. */
export const demoCreditsCents = 1000;

export const runsWiring: Wiring = {
  services: [],
  bootstrapSteps: [
    async (app, workspaceId) => {
      await addCredits(app.store, workspaceId, { kind: "grant", cents: demoCreditsCents, reason: "first start: demo credits" });
      return `credits: ${(demoCreditsCents / 100).toFixed(2)} granted to the demo workspace`;
    },
  ],
  plugins: [],
};
