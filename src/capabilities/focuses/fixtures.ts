// The security suite's call of each of focuses' operations (test-only; named by the manifest's
// `fixtures`, gathered by test/fixtures/index.ts): what it needs is made through the domain.
import type { Fixture } from "../../../test/fixtures/types.ts";
import { randomBytes } from "node:crypto";
import type { TestServer, TestWorkspace } from "../../../test/harness.ts";
import { putFocus } from "./index.ts";

async function focus(t: TestServer, ws: TestWorkspace): Promise<string> {
  const slug = `focus-${randomBytes(4).toString("hex")}`;
  await putFocus(t.app.store, ws.id, { slug, title: "Security", emoji: "🔒", instructions: "---\nonly: [security]\n---\nLook for injections." });
  return slug;
}

export const fixtures: Record<string, Fixture> = {
  list_focuses: async (t, ws) => (await focus(t, ws), { query: { limit: "10" } }),
  get_focus: async (t, ws) => ({ path: { focus: await focus(t, ws) }, addressesResource: true }),
};
