// The security suite's call of each of findings' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";
import { seeded } from "../../../test/fixtures/findings.ts";

export const fixtures: Record<string, Fixture> = {
  list_repository_findings: async (t, ws) => {
    const { repo } = await seeded(t, ws);
    const [owner, name] = repo.full_name.split("/") as [string, string];
    return { path: { owner, repo: name }, query: { limit: "5" }, addressesResource: true };
  },
  list_findings: async (t, ws) => (await seeded(t, ws), { query: { limit: "5" } }),
  update_findings: async (t, ws) => ({ body: { findings: [(await seeded(t, ws)).key], severity: "low" }, addressesResource: true }),
  get_finding: async (t, ws) => ({ path: { finding: (await seeded(t, ws)).key }, addressesResource: true }),
  update_finding: async (t, ws) => ({
    path: { finding: (await seeded(t, ws)).key },
    body: { status: "investigating", reason: "looking" },
    addressesResource: true,
  }),
  comment_on_finding: async (t, ws) => ({ path: { finding: (await seeded(t, ws)).key }, body: { body: "Confirmed on staging." }, addressesResource: true }),
};
