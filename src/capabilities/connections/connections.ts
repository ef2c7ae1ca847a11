// Connecting a repository to its code host: the credentials and the webhook secret sealed under
// the server key, a service user that starts the repository's automatic runs, the default policy.
// Nothing here returns a credential; loadConnection opens them for the host clients only.
import { randomBytes } from "node:crypto";
import type { Config } from "../../kernel/config.ts";
import { invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { createServiceUser } from "../identity/index.ts";
import { recordRemoteAccess } from "../repositories/index.ts";
import { open, readingKey, seal, sealingKey } from "./secret-key.ts";
import type { HostAuth, HostConnection } from "./types.ts";
import type { Selectable } from "kysely";
import type { ConnectionsTable as Table, HostName } from "./store.ts";

export type ConnectionsTable = Selectable<Table>;

export interface ConnectionDeps {
  store: Store;
  config: Pick<Config, "secretKey" | "databaseUrl" | "dataDir">;
}

const defaultApiUrls: Record<HostName, string> = { github: "https://api.github.com", gitlab: "https://gitlab.com" };

export interface ConnectInput {
  workspaceId: number;
  repositoryId: number;
  fullName: string;
  host: HostName;
  apiUrl?: string | undefined;
  hostRepo?: string | undefined;
  auth: HostAuth;
}

const credentialsContext = (repositoryId: number) => `connection:${repositoryId}:credentials`;
const secretContext = (repositoryId: number) => `connection:${repositoryId}:webhook-secret`;

function checkApiUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw invalidField("apiUrl", "The API URL is not a URL.");
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") throw invalidField("apiUrl", "The API URL must be http(s).");
  if (u.username || u.password || u.search || u.hash) throw invalidField("apiUrl", "The API URL carries no credentials, query or fragment.");
  return u.toString().replace(/\/+$/, "");
}

function checkHostRepo(host: HostName, raw: string): string {
  const ok = host === "github" ? /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/ : /^[A-Za-z0-9_.-]{1,255}(\/[A-Za-z0-9_.-]{1,255}){1,20}$/;
  if (!ok.test(raw) || raw.split("/").some((p) => p === "." || p === "..")) {
    throw invalidField("hostRepo", host === "github" ? "OWNER/NAME on the host." : "The project's full path (group/…/name) on the host.");
  }
  return raw;
}

function checkAuth(auth: HostAuth): void {
  if (auth.kind === "token") {
    if (!auth.token || auth.token.length > 1000 || /\s/.test(auth.token)) throw invalidField("token", "The token is 1 to 1000 characters without spaces.");
    return;
  }
  for (const [field, v] of [
    ["appId", auth.appId],
    ["installationId", auth.installationId],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 1) throw invalidField(field, "A positive whole number.");
  }
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(auth.privateKey) || auth.privateKey.length > 20_000) {
    throw invalidField("privateKey", "The GitHub App's private key in PEM form.");
  }
}

/** The user a repository's automatic runs are started by: no password, no membership, no tokens. */
function serviceUser(store: Store, input: ConnectInput, now: string): Promise<number> {
  return createServiceUser(
    store,
    {
      email: `repo-${input.repositoryId}-${randomBytes(6).toString("hex")}@service.crs.invalid`,
      username: `crs-bot-${input.repositoryId}`,
      name: `crs (${input.fullName} automatic reviews)`,
    },
    now,
  );
}

export interface Connected {
  row: ConnectionsTable;
  /** The webhook secret, for the admin to set up the hook by hand. */
  webhookSecret: string;
  created: boolean;
}

/** Connects (or reconnects with new credentials) a repository; the webhook secret is kept across reconnects. */
export async function connect(deps: ConnectionDeps, input: ConnectInput, now: Date): Promise<Connected> {
  if (input.host !== "github" && input.host !== "gitlab") throw invalidField("host", "github or gitlab.");
  const apiUrl = checkApiUrl(input.apiUrl ?? defaultApiUrls[input.host]);
  const hostRepo = checkHostRepo(input.host, input.hostRepo ?? input.fullName);
  checkAuth(input.auth);
  const key = await sealingKey(deps.config, deps.store);
  const at = now.toISOString();
  const existing = await deps.store.db
    .selectFrom("connections")
    .selectAll()
    .where("workspace_id", "=", input.workspaceId)
    .where("repository_id", "=", input.repositoryId)
    .executeTakeFirst();
  const webhookSecret = existing ? open(key, existing.webhook_secret_enc, secretContext(input.repositoryId)) : randomBytes(32).toString("hex");
  const values = {
    host: input.host,
    api_url: apiUrl,
    host_repo: hostRepo,
    host_repo_key: hostRepo.toLowerCase(),
    auth_kind: input.auth.kind,
    credentials_enc: seal(key, JSON.stringify(input.auth), credentialsContext(input.repositoryId)),
    webhook_secret_enc: seal(key, webhookSecret, secretContext(input.repositoryId)),
    access_state: "unknown" as const,
    access_reason: null,
    updated_at: at,
  };
  if (existing) {
    await deps.store.db.updateTable("connections").set(values).where("repository_id", "=", input.repositoryId).execute();
  } else {
    await deps.store.db
      .insertInto("connections")
      .values({
        repository_id: input.repositoryId,
        workspace_id: input.workspaceId,
        ...values,
        webhook_id: null,
        service_user_id: await serviceUser(deps.store, input, at),
        access_checked_at: null,
        reconciled_at: null,
        created_at: at,
      })
      .execute();
  }
  const row = await deps.store.db.selectFrom("connections").selectAll().where("repository_id", "=", input.repositoryId).executeTakeFirstOrThrow();
  return { row, webhookSecret, created: !existing };
}

export async function connectionRow(store: Store, workspaceId: number, repositoryId: number): Promise<ConnectionsTable | undefined> {
  return store.db.selectFrom("connections").selectAll().where("workspace_id", "=", workspaceId).where("repository_id", "=", repositoryId).executeTakeFirst();
}

/** The decrypted connection, for the host clients; null when the repository is not connected. */
export async function openConnection(deps: ConnectionDeps, row: ConnectionsTable): Promise<HostConnection> {
  const key = await readingKey(deps.config, deps.store);
  const auth = JSON.parse(open(key, row.credentials_enc, credentialsContext(row.repository_id))) as HostAuth;
  return { host: row.host, apiUrl: row.api_url, hostRepo: row.host_repo, auth };
}

export async function webhookSecretOf(deps: ConnectionDeps, row: ConnectionsTable): Promise<string> {
  const key = await readingKey(deps.config, deps.store);
  return open(key, row.webhook_secret_enc, secretContext(row.repository_id));
}

export async function setWebhookId(store: Store, repositoryId: number, webhookId: string | null): Promise<void> {
  await store.db.updateTable("connections").set({ webhook_id: webhookId }).where("repository_id", "=", repositoryId).execute();
}

/** Records the host's answer about access (checkAccess, a failed call); the repository's `access` follows it. */
export async function recordAccess(
  store: Store,
  row: Pick<ConnectionsTable, "workspace_id" | "repository_id">,
  state: "ok" | "lost" | "unavailable",
  reason: string | null,
  now: Date,
): Promise<void> {
  await store.db
    .updateTable("connections")
    .set({ access_state: state, access_reason: reason, access_checked_at: now.toISOString() })
    .where("repository_id", "=", row.repository_id)
    .execute();
  await recordRemoteAccess(store, row.workspace_id, row.repository_id, state, reason);
}
