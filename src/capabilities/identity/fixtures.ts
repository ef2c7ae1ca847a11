// The security suite's call of each of identity' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";

export const fixtures: Record<string, Fixture> = {
  get_me: async () => ({}),
  list_members: async () => ({ query: { limit: "10" } }),
};
