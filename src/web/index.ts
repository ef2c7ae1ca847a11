// The app's pages: sign-in, home with the workspace switcher, and the OAuth consent screen.
import type { FastifyInstance } from "fastify";
import type { App } from "../app.ts";
import { registerConsent } from "./consent.ts";
import { webContext } from "./context.ts";
import { registerSignIn } from "./sign-in.ts";

export function registerWeb(server: FastifyInstance, app: App): void {
  webContext(server, app, (web) => {
    registerSignIn(web, app);
    registerConsent(web, app);
  });
}
