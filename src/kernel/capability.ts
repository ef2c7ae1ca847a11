import type { App } from "./app.ts";
import type { BootstrapStep } from "../server/bootstrap.ts";
import type { ServerPlugin } from "../server/http.ts";

/** Background services (mirror sync, ...) started with the server; each may return a stopper. */
export type Service = (app: App) => (() => Promise<void> | void) | void;

export interface Wiring {
  services: Service[];
  bootstrapSteps: BootstrapStep[];
  plugins: ServerPlugin[];
}
