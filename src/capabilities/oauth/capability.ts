// What OAuth plugs into `crs serve`: the authorization server's endpoints and the cleanup of expired
// codes and unused clients, and the consent screen with its web-only decision.
import { capability, periodic } from "../../kernel/capability.ts";
import { deleteExpired } from "./cleanup.ts";
import { registerAuthorizationServer } from "./endpoints.ts";
import { decideAuthorization } from "./operations/decide-authorization.ts";
import { registerConsent } from "./web/consent.ts";

const authCleanup = periodic(
  () => 60 * 60 * 1000,
  (app) => deleteExpired(app.store),
  "authorization cleanup failed",
);

export const oauth = capability({
  name: "oauth",
  operations: [],
  webOperations: [decideAuthorization],
  routes: [registerAuthorizationServer],
  webRoutes: [registerConsent],
  services: [authCleanup],
});
