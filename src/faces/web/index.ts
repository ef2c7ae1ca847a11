// The app's pages: sign-in, home with the workspace switcher, the OAuth consent screen, developer
// settings (API keys), authorized apps, the password, and read-only views of findings, runs and focuses.
import type { FastifyInstance } from "fastify";
import type { App } from "../../kernel/app.ts";
import type { Operation } from "../../kernel/operation.ts";
import { registerApps } from "./apps.ts";
import { registerConsent } from "./consent.ts";
import { webContext } from "./context.ts";
import { registerKeys } from "./keys.ts";
import { registerSignIn } from "./sign-in.ts";
import { registerViews } from "./views.ts";

/** The app's pages; the read-only views invoke `operations` (the server's table) by id. */
export function registerWeb(server: FastifyInstance, app: App, operations: readonly Operation[]): void {
  const operationById = (id: string): Operation => {
    const op = operations.find((o) => o.id === id);
    if (!op) throw new Error(`no operation ${id}`);
    return op;
  };
  webContext(server, app, (web) => {
    registerSignIn(web, app);
    registerConsent(web, app);
    registerKeys(web, app);
    registerApps(web, app);
    registerViews(web, app, operationById);
  });
}
