// crs admin workspace|user|member|key: the operator's identity commands.
import type { Command } from "commander";
import * as accounts from "./accounts.ts";
import * as apiKeys from "./api-keys.ts";
import * as members from "./members.ts";
import { generatePassword } from "./passwords.ts";
import { withStore, type AdminIo } from "../../kernel/admin.ts";
import { terminalText } from "../../kernel/ui/terminal.ts";

export function registerIdentity(admin: Command, io: AdminIo): void {
  const workspace = admin.command("workspace").description("Workspaces (organizations)");
  workspace
    .command("create <slug>")
    .description("Create a workspace")
    .option("--name <name>", "display name")
    .action(async (slug: string, o: { name?: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        (s) => accounts.createWorkspace(s, slug, o.name),
        (w) => `workspace ${w.slug} created (id ${w.id})`,
      ),
    );

  const user = admin.command("user").description("Users");
  user
    .command("create <username>")
    .description("Create a user")
    .requiredOption("--email <email>", "email address")
    .option("--password <password>", "sign-in password (generated and printed when omitted)")
    .option("--name <name>", "display name")
    .action(async (username: string, o: { email: string; password?: string; name?: string }, cmd: Command) => {
      const password = o.password ?? generatePassword();
      await withStore(
        cmd,
        io,
        async (s) => ({
          ...(await accounts.createUser(s, { username, email: o.email, password, ...(o.name ? { name: o.name } : {}) })),
          ...(o.password ? {} : { password }),
        }),
        (u) => `user ${u.username} created (id ${u.id})${"password" in u ? `\npassword: ${u.password}` : ""}`,
      );
    });
  for (const [name, suspended] of [
    ["suspend", true],
    ["unsuspend", false],
  ] as const) {
    user
      .command(`${name} <user>`)
      .description(`${suspended ? "Suspend" : "Unsuspend"} a user (username, email or id)`)
      .action(async (ref: string, _o: unknown, cmd: Command) =>
        withStore(
          cmd,
          io,
          async (s) => {
            const u = await accounts.findUser(s, ref);
            const { endedSessions } = await accounts.setSuspended(s, u.id, suspended);
            return { id: u.id, username: u.username, suspended, endedSessions };
          },
          (r) => `user ${r.username} ${suspended ? `suspended; ${r.endedSessions} web session(s) ended` : "unsuspended"}`,
        ),
      );
  }
  user
    .command("set-password <user>")
    .description("Set or reset a password; revokes every key and ends every web session of the user")
    .option("--password <password>", "the new password (generated and printed when omitted)")
    .action(async (ref: string, o: { password?: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const u = await accounts.findUser(s, ref);
          const password = o.password ?? generatePassword();
          const { revokedTokens, endedSessions } = await accounts.setPassword(s, u.id, password);
          return { id: u.id, username: u.username, revokedTokens, endedSessions, ...(o.password ? {} : { password }) };
        },
        (r) =>
          `password of ${r.username} set; ${r.revokedTokens} token(s) revoked, ${r.endedSessions} web session(s) ended` +
          `${"password" in r ? `\npassword: ${r.password}` : ""}`,
      ),
    );

  const member = admin.command("member").description("Workspace memberships");
  member
    .command("add <workspace> <user>")
    .description("Add a user to a workspace (or change the role)")
    .option("--role <role>", "admin or member", "member")
    .action(async (ws: string, ref: string, o: { role: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          if (o.role !== "admin" && o.role !== "member") throw new Error("--role must be admin or member");
          const w = await accounts.findWorkspace(s, ws);
          const u = await accounts.findUser(s, ref);
          await members.addMember(s, w.id, u.id, o.role);
          return { workspace: w.slug, user: u.username, userId: u.id, role: o.role };
        },
        (r) => `${r.user} is ${r.role} of ${r.workspace}`,
      ),
    );
  member
    .command("remove <workspace> <user>")
    .description("Remove a user from a workspace")
    .action(async (ws: string, ref: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const u = await accounts.findUser(s, ref);
          const { revokedTokens } = await members.removeMember(s, w.id, u.id);
          return { workspace: w.slug, user: u.username, removed: true, revokedTokens };
        },
        (r) => `${r.user} removed from ${r.workspace}; ${r.revokedTokens} of their tokens revoked`,
      ),
    );

  const key = admin.command("key").description("API keys");
  key
    .command("create <workspace> <user>")
    .description("Create an API key; the token is printed once")
    .requiredOption("--scopes <list>", "comma-separated scopes")
    .option("--name <name>", "key name")
    .action(async (ws: string, ref: string, o: { scopes: string; name?: string }, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          const u = await accounts.findUser(s, ref);
          return apiKeys.createApiKey(s, { workspaceId: w.id, userId: u.id, scopes: o.scopes, ...(o.name ? { name: o.name } : {}) });
        },
        (k) => `key ${k.id} (${k.scopes.join(",")}) created; it is shown only now:\n${k.token}`,
      ),
    );
  key
    .command("revoke <id>")
    .description("Revoke an API key by id")
    .action(async (id: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          if (!/^\d+$/.test(id)) throw new Error("a key id is a number (see crs admin key list)");
          await apiKeys.revokeApiKey(s, Number(id));
          return { id: Number(id), revoked: true };
        },
        (r) => `key ${r.id} revoked`,
      ),
    );
  key
    .command("list <workspace>")
    .description("List a workspace's API keys (never the tokens)")
    .action(async (ws: string, _o: unknown, cmd: Command) =>
      withStore(
        cmd,
        io,
        async (s) => {
          const w = await accounts.findWorkspace(s, ws);
          return apiKeys.listApiKeys(s, w.id);
        },
        (keys) => keys.map((k) => `${k.id}\t${terminalText(k.name)}\t${k.user.username}\t${k.scopes.join(",")}\t${k.state}`).join("\n") || "no keys",
      ),
    );
}
