// The app's pages: the web face is the shell (cookies, form bodies, CSRF, security headers, error
// pages); each capability's manifest names its pages (webRoutes), registered here in the manifests' order.
import type { FastifyInstance } from "fastify";
import type { App } from "../../kernel/app.ts";
import type { WebRoutes } from "../../kernel/capability.ts";
import type { AnyOperation } from "../../kernel/operation.ts";
import { registerAssets } from "./assets.ts";
import { webContext } from "./shell.ts";

/** The app's pages; pages that invoke an operation find it by id in `operations` (the table and the web-only ones). */
export function registerWeb(server: FastifyInstance, app: App, operations: readonly AnyOperation[], pages: readonly WebRoutes[]): void {
  const operation = (id: string): AnyOperation => {
    const op = operations.find((o) => o.id === id);
    if (!op) throw new Error(`no operation ${id}`);
    return op;
  };
  webContext(server, app, (web) => {
    registerAssets(web);
    for (const register of pages) register(web, app, operation);
  });
}
