// The security suite's call of each of repositories' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";
import { pathOf, repositoryOf } from "../../../test/fixtures/repositories.ts";

export const fixtures: Record<string, Fixture> = {
  list_repositories: async (t, ws) => {
    await repositoryOf(t, ws);
    return { query: { limit: "10" } };
  },
  get_repository: async (t, ws) => ({ path: pathOf(await repositoryOf(t, ws)), addressesResource: true }),
  list_refs: async (t, ws) => ({ path: pathOf(await repositoryOf(t, ws)), query: { q: "main", limit: "5" }, addressesResource: true }),
};
