// Shared plumbing of `crs admin` commands: the store from the same configuration as the server,
// JSON or human output, and errors as messages with exit codes.
import type { Command } from "commander";
import { loadConfig, type Config } from "./config.ts";
import { AppError } from "./errors.ts";
import type { Store } from "../platform/store/index.ts";
import { terminalBody, terminalText } from "./ui/terminal.ts";

export interface AdminIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * What capabilities offer each other's admin commands, filled while the commands are registered
 * (the pattern of App's hooks, for commands that build no App): a lower capability's command reads
 * a hook a higher one set, without importing it.
 */
export interface AdminHooks {
  /** Git credentials of a connected repository's remote as environment, or undefined (the connections capability's). */
  gitAuth?: (deps: { store: Store; config: Config; warn(message: string): void }, repositoryId: number) => Promise<Record<string, string> | undefined>;
}

export const stdio: AdminIo = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

/**
 * The store the server uses: the same database, PostgreSQL schema (CRS_DB_SCHEMA) and data directory.
 * Loaded here, not with the module, so `crs admin --help` and usage errors load no database driver.
 */
export async function openAdminStore(config: Config): Promise<Store> {
  const { openStore } = await import("../platform/store/index.ts");
  return openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...(config.dbSchema ? { schema: config.dbSchema } : {}) });
}

/** Opens the store, runs the action, prints its result (JSON with --json), closes the store. */
export async function withStore<T>(cmd: Command, io: AdminIo, action: (store: Store) => Promise<T>, human: (result: T) => string): Promise<void> {
  const config = loadConfig();
  const store = await openAdminStore(config);
  try {
    const result = await action(store);
    const json = Boolean(cmd.optsWithGlobals().json);
    // Names come from the store and may predate the rules on control characters: escape them.
    io.out(json ? JSON.stringify(result ?? { ok: true }, null, 2) : terminalBody(human(result)));
  } finally {
    await store.close();
  }
}

/** Exit code and message for an admin failure: 1 for refused actions, 2 for bad usage. */
export function describeFailure(err: unknown): { code: number; message: string } {
  if (err instanceof AppError) return { code: err.code === "invalid_request" ? 2 : 1, message: `${err.code}: ${terminalText(err.message)}` };
  return { code: 1, message: terminalText(err instanceof Error ? err.message : String(err)) };
}
