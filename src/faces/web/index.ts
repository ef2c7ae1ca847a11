// The app's pages: sign-in, home with the workspace switcher, the OAuth consent screen, developer
// settings (API keys), authorized apps, the password, and read-only views of findings, runs and focuses.
import type { FastifyInstance } from "fastify";
import type { App } from "../../kernel/app.ts";
import { registerApps } from "./apps.ts";
import { registerConsent } from "./consent.ts";
import { webContext } from "./context.ts";
import { registerKeys } from "./keys.ts";
import { registerSignIn } from "./sign-in.ts";
import { registerViews } from "./views.ts";

export function registerWeb(server: FastifyInstance, app: App): void {
  webContext(server, app, (web) => {
    registerSignIn(web, app);
    registerConsent(web, app);
    registerKeys(web, app);
    registerApps(web, app);
    registerViews(web, app);
  });
}
