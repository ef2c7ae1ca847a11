// First start on an empty store: an admin, a demo workspace and an all-scope key, so `npm start`
// is ready for the CLI and the browser. Returns undefined when the store already has users.
import type { App } from "../kernel/app.ts";
import type { BootstrapStep } from "../kernel/capability.ts";
import * as accounts from "../capabilities/identity/index.ts";
import { generatePassword } from "../capabilities/identity/index.ts";
import { scopes } from "../kernel/scopes.ts";

export interface BootstrapResult {
  email: string;
  password: string;
  workspace: string;
  apiKey: string;
  notes: string[];
}

export async function bootstrap(app: App, steps: readonly BootstrapStep[] = []): Promise<BootstrapResult | undefined> {
  if (await accounts.hasUsers(app.store)) return undefined;
  const password = generatePassword();
  const user = await accounts.createUser(app.store, { username: "admin", email: "admin@crs.localhost", password, name: "Administrator" });
  const ws = await accounts.createWorkspace(app.store, "demo", "Demo");
  await accounts.addMember(app.store, ws.id, user.id, "admin");
  const key = await accounts.createApiKey(app.store, { workspaceId: ws.id, userId: user.id, scopes: [...scopes], name: "demo key (all scopes)" });
  const notes: string[] = [];
  for (const step of steps) {
    try {
      const note = await step(app, ws.id, user.id);
      if (note) notes.push(note);
    } catch (err) {
      app.log.warn({ err }, "bootstrap step failed");
      notes.push(`(a demo step failed: ${(err as Error).message})`);
    }
  }
  return { email: user.email, password, workspace: ws.slug, apiKey: key.token, notes };
}
