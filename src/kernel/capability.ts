// A capability's manifest (src/capabilities/<name>/capability.ts): everything it plugs into the
// program. src/server/capabilities.ts is the one list of manifests; the REST routes, MCP tools,
// OpenAPI, the CLI catalog, `crs admin`, the server's extra routes, background services and the
// first-start steps are all derived from it, so adding an operation touches no other list.
import type { Command } from "commander";
import type { FastifyInstance } from "fastify";
import type { AdminHooks, AdminIo } from "./admin.ts";
import type { App } from "./app.ts";
import type { AnyOperation } from "./operation.ts";

/** Background services (mirror sync, ...) started with the server; each may return a stopper. */
export type Service = (app: App) => (() => Promise<void> | void) | void;

/**
 * A service that runs `task` every `everyMs(app)` milliseconds, never two runs at once, logging a failure
 * as `failed`; its stopper waits for a run in progress, so shutdown does not cut a write in half.
 */
export function periodic(everyMs: (app: App) => number, task: (app: App) => Promise<unknown>, failed: string): Service {
  return (app) => {
    let running: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      running ??= task(app)
        .catch((err: unknown) => app.log.warn({ err }, failed))
        .finally(() => {
          running = undefined;
        });
    }, everyMs(app));
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  };
}

/** A check before the server or a worker starts; throws an Error whose message is printed (exit 2). */
export type StartCheck = (app: App) => Promise<void>;

/** Steps that run once on a fresh store, after the admin and the demo workspace exist; may return a note to print. */
export type BootstrapStep = (app: App, workspaceId: number, userId: number) => Promise<string | undefined>;

/** HTTP routes outside /api/v2 and /mcp (signed uploads, the OAuth endpoints), registered by the server. */
export type ServerPlugin = (server: FastifyInstance, app: App) => void;

/**
 * The app's pages (under /app), registered by the web face inside its cookie, form-body and CSRF
 * context. `operation` looks an operation up by id (the table's or a web-only one), for pages that invoke one.
 */
export type WebRoutes = (web: FastifyInstance, app: App, operation: (id: string) => AnyOperation) => void;

/** Subcommands of `crs admin`: operator acts on the store, no rate limit. `hooks` is shared by all of them. */
export type AdminCommand = (admin: Command, io: AdminIo, hooks: AdminHooks) => void;

/**
 * A capability's part of `crs admin`, declared in a module that imports nothing of the capability
 * (admin-area.ts): `crs admin --help` lists its subcommands from here, and the module that registers
 * them, with the store and the domain behind it, loads only when one of them runs.
 */
export interface AdminArea {
  /** Its top-level subcommands and their one-line help, in the order it registers them. */
  commands: Readonly<Record<string, string>>;
  /** Other areas' subcommands it adds commands under (connections' `repo connect`). */
  extends?: readonly string[];
  register: () => Promise<AdminCommand>;
  /** What it offers other areas' commands; each hook loads its code when called. */
  hooks?: AdminHooks;
}

export interface Capability {
  /** Its folder under src/capabilities. */
  name: string;
  /** Its rows of the operation table, in the table's order (OpenAPI, MCP and the CLI catalog keep it). */
  operations: readonly AnyOperation[];
  /**
   * Operations only its web pages invoke (trigger web, a session principal): the developer settings'
   * changes. Never a REST route, MCP tool, OpenAPI entry or CLI command.
   */
  webOperations?: readonly AnyOperation[];
  routes?: readonly ServerPlugin[];
  webRoutes?: readonly WebRoutes[];
  services?: readonly Service[];
  /**
   * Background work of a run worker (webhook deliveries): started by `crs worker`, and by `crs serve`
   * while its in-process worker is on.
   */
  workerServices?: readonly Service[];
  /** Checks `crs serve` and `crs worker` make before starting (a missing or wrong server key); a throw stops the start with its message. */
  startChecks?: readonly StartCheck[];
  bootstrapSteps?: readonly BootstrapStep[];
  admin?: AdminArea;
  /**
   * Its `crs` client commands: a module of its folder (cli.ts) exporting `commands` (CommandSpec[],
   * kernel/ui/cli.ts). `npm run gen:cli` copies them into the client's one generated module, so the
   * client loads neither the manifests nor zod, and one module rather than one per capability.
   */
  cli?: string;
  /**
   * Test-only: a module of its folder exporting `fixtures`, how the shared security suite
   * (test/security.test.ts) makes a valid call of each of its operations. Never loaded by the service.
   */
  fixtures?: string;
}

/** A manifest, checked against the Capability shape while keeping its literal type. */
export function capability<C extends Capability>(manifest: C): C {
  return manifest;
}
