// The security suite's call of each of runs' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";
import { repositoryOf } from "../../../test/fixtures/repositories.ts";
import { funded, queuedRun } from "../../../test/fixtures/runs.ts";

export const fixtures: Record<string, Fixture> = {
  list_runs: async (t, ws) => (await queuedRun(t, ws), { query: { limit: "10" } }),
  start_run: async (t, ws) => ({ body: { repository: await funded(t, ws), maxPriceCents: 100_000 } }),
  get_run: async (t, ws) => ({ path: { run: await queuedRun(t, ws) }, addressesResource: true }),
  list_run_findings: async (t, ws) => ({ path: { run: await queuedRun(t, ws) }, addressesResource: true }),
  estimate_run: async (t, ws) => ({ body: { repository: (await repositoryOf(t, ws)).full_name } }),
  cancel_run: async (t, ws) => ({ path: { run: await queuedRun(t, ws) }, addressesResource: true }),
};
