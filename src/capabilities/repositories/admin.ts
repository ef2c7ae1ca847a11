// crs admin repo add|list|remove|sync: the operator's repository commands. They work on the same
// store and mirror directory as the server; a sync without --wait is picked up by a running server.
import { join } from "node:path";
import type { Command } from "commander";
import { MirrorPool } from "../../platform/codehost/index.ts";
import { loadConfig } from "../../kernel/config.ts";
import { AppError } from "../../kernel/errors.ts";
import * as accounts from "../identity/index.ts";
import * as repos from "./index.ts";
import { openAdminStore, type AdminHooks, type AdminIo } from "../../kernel/admin.ts";

type View = ReturnType<typeof repos.adminView>;

/** Like withStore, plus the mirrors; a repository whose sync failed exits 1 after printing. */
async function withRepos<T extends View | View[]>(
  cmd: Command,
  io: AdminIo,
  hooks: AdminHooks,
  action: (deps: repos.RepoDeps) => Promise<T>,
  human: (r: T) => string,
): Promise<void> {
  const config = loadConfig();
  const store = await openAdminStore(config);
  const mirrors = new MirrorPool(join(config.dataDir, "mirrors"));
  let result: T;
  try {
    // A connected repository's mirror fetches with its connection's credentials, as the server's syncs do.
    const auth = hooks.gitAuth;
    const gitAuth = auth && ((id: number) => auth({ store, config, warn: (m) => io.err(`warning: ${m}`) }, id));
    result = await action({ store, mirrors, config, ...(gitAuth ? { gitAuth } : {}) });
  } finally {
    mirrors.closeAll();
    await store.close();
  }
  io.out(cmd.optsWithGlobals().json ? JSON.stringify(result, null, 2) : human(result));
  const one: View | View[] = result; // widened from T so Array.isArray narrows it
  if (cmd.opts().wait && !Array.isArray(one) && one.mirror.state === "failed") {
    throw new AppError("conflict", `the sync of ${one.fullName} failed: ${one.mirror.reason}: ${one.mirror.message}`);
  }
}

async function viewOf(deps: repos.RepoDeps, workspaceId: number, id: number): Promise<View> {
  return repos.adminView(await repos.resolveRepository(deps.store, workspaceId, { id }));
}

function reference(ref: string): repos.RepositoryRef {
  const parsed = repos.parseRepositoryRef(ref);
  if (!parsed) throw repos.invalidRepositoryRef("REPO");
  return parsed;
}

function line(v: View): string {
  const m = v.mirror;
  const state = m.state === "failed" ? `failed (${m.reason}: ${m.message})` : m.state;
  return `${v.id}\t${v.fullName}\t${v.defaultBranch ?? "-"}\taccess ${v.access}\tmirror ${state}\t${m.lastSyncedAt ?? "never synced"}\t${v.remote}`;
}

export function registerRepos(admin: Command, io: AdminIo, hooks: AdminHooks): void {
  const repo = admin.command("repo").description("Repositories (git remotes mirrored by the server)");

  repo
    .command("add <workspace> <remote>")
    .description("Register a repository from a git remote (https://, ssh://, file://, host:path or a local path)")
    .option("--name <owner/name>", "full name (default: the remote's last two path segments)")
    .option("--default-branch <branch>", "default branch (default: the remote's HEAD)")
    .option("--wait", "sync now and wait for it instead of leaving it to the server")
    .action(async (ws: string, remote: string, o: { name?: string; defaultBranch?: string; wait?: boolean }, cmd: Command) =>
      withRepos(
        cmd,
        io,
        hooks,
        async (deps) => {
          const w = await accounts.findWorkspace(deps.store, ws);
          const row = await repos.registerRepository(
            deps,
            {
              workspaceId: w.id,
              remote: repos.absolutizeRemote(remote),
              name: o.name,
              defaultBranch: o.defaultBranch,
            },
            { background: !o.wait },
          );
          if (o.wait) await repos.syncAndWait(deps, row.id);
          return viewOf(deps, w.id, row.id);
        },
        (v) =>
          `repository ${v.fullName} registered (id ${v.id}); mirror ${v.mirror.state}` +
          `${v.mirror.state === "pending" ? " (a running server syncs it shortly)" : ""}`,
      ),
    );

  repo
    .command("list <workspace>")
    .description("List a workspace's repositories with their mirror state")
    .action(async (ws: string, _o: unknown, cmd: Command) =>
      withRepos(
        cmd,
        io,
        hooks,
        async (deps) => {
          const w = await accounts.findWorkspace(deps.store, ws);
          return (await repos.allRepositories(deps.store, w.id)).map((r) => repos.adminView(r));
        },
        (list) => list.map(line).join("\n") || "no repositories",
      ),
    );

  repo
    .command("remove <workspace> <repo>")
    .description("Remove a repository (owner/name or id) and its mirror")
    .action(async (ws: string, ref: string, _o: unknown, cmd: Command) =>
      withRepos(
        cmd,
        io,
        hooks,
        async (deps) => {
          const w = await accounts.findWorkspace(deps.store, ws);
          return repos.adminView(await repos.removeRepository(deps, w.id, reference(ref)));
        },
        (v) => `repository ${v.fullName} (id ${v.id}) removed`,
      ),
    );

  repo
    .command("sync <workspace> <repo>")
    .description("Sync a repository's mirror (owner/name or id)")
    .option("--wait", "sync now and wait for it instead of asking the server")
    .action(async (ws: string, ref: string, o: { wait?: boolean }, cmd: Command) =>
      withRepos(
        cmd,
        io,
        hooks,
        async (deps) => {
          const w = await accounts.findWorkspace(deps.store, ws);
          if (!o.wait) return repos.adminView(await repos.requestSync(deps, w.id, reference(ref)));
          const row = await repos.resolveRepository(deps.store, w.id, reference(ref));
          await repos.syncAndWait(deps, row.id);
          return viewOf(deps, w.id, row.id);
        },
        (v) =>
          o.wait
            ? `repository ${v.fullName}: mirror ${v.mirror.state}${v.mirror.lastSyncedAt ? `, synced ${v.mirror.lastSyncedAt}` : ""}`
            : `sync of ${v.fullName} requested; a running server picks it up shortly (or use --wait)`,
      ),
    );
}
