// What identity plugs in: who the caller is (get_me) and the workspace's members, and the operator's
// users, workspaces, members and API keys in `crs admin`, and the app's sign-in, session, workspace
// switcher, API keys, authorized apps and password pages, whose changes are web-only operations.
import { capability, periodic } from "../../kernel/capability.ts";
import { identityAdmin } from "./admin-area.ts";
import { getMe } from "./operations/get-me.ts";
import { listMembers } from "./operations/list-members.ts";
import { changePassword } from "./operations/change-password.ts";
import { createApiKey } from "./operations/create-api-key.ts";
import { revokeApiKey } from "./operations/revoke-api-key.ts";
import { revokeAuthorizedApp } from "./operations/revoke-authorized-app.ts";
import { signIn } from "./operations/sign-in.ts";
import { signOut } from "./operations/sign-out.ts";
import { switchWorkspace } from "./operations/switch-workspace.ts";
import { registerApps } from "./web/apps.ts";
import { registerKeys } from "./web/keys.ts";
import { registerSignIn } from "./web/sign-in.ts";
import { deleteExpiredSessions } from "./sessions.ts";

/** Expired app sessions are deleted hourly; readSession refuses them meanwhile. */
const sessionCleanup = periodic(
  () => 60 * 60 * 1000,
  (app) => deleteExpiredSessions(app.store),
  "session cleanup failed",
);

export const identity = capability({
  name: "identity",
  cli: "cli.ts",
  fixtures: "fixtures.ts",
  operations: [getMe, listMembers],
  webOperations: [signIn, signOut, createApiKey, revokeApiKey, revokeAuthorizedApp, changePassword, switchWorkspace],
  webRoutes: [registerSignIn, registerKeys, registerApps],
  services: [sessionCleanup],
  admin: identityAdmin,
});
