// API keys (svcp_): made by an operator or by the user in the app, listed with whether each would
// be accepted now, revoked for good.
import { maxId } from "../../platform/store/migrations/helpers.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { parseScopes, type Scope } from "../../kernel/scopes.ts";
import { generateToken, hashToken } from "../../kernel/tokens.ts";
import { checkName } from "./names.ts";

const now = () => new Date().toISOString();

export async function createApiKey(store: Store, input: { workspaceId: number; userId: number; scopes: Scope[] | string; name?: string }) {
  const scopes = typeof input.scopes === "string" ? parseScopes(input.scopes) : input.scopes;
  if (scopes.length === 0) throw invalidField("scopes", "An API key needs at least one scope.");
  checkName("name", input.name);
  const member = await store.db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", input.workspaceId)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!member) throw new AppError("not_found", "The user is not a member of that workspace.");
  const token = generateToken("api_key");
  const row = await store.db
    .insertInto("tokens")
    .values({
      workspace_id: input.workspaceId,
      user_id: input.userId,
      kind: "api_key",
      name: input.name ?? "API key",
      token_hash: hashToken(token),
      token_prefix: token.slice(0, 9),
      scopes: [...new Set(scopes)].join(","),
      created_at: now(),
      last_used_at: null,
      expires_at: null,
      revoked_at: null,
    })
    .returning(["id", "name", "scopes", "created_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, scopes: row.scopes.split(","), createdAt: row.created_at, token };
}

export async function revokeApiKey(store: Store, id: number): Promise<void> {
  if (!Number.isSafeInteger(id) || id < 1 || id > maxId) throw new AppError("not_found", `No active API key ${id}.`);
  const r = await store.db
    .updateTable("tokens")
    .set({ revoked_at: now() })
    .where("id", "=", id)
    .where("kind", "=", "api_key")
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError("not_found", `No active API key ${id}.`);
}

export async function listApiKeys(store: Store, workspaceId: number) {
  const rows = await store.db
    .selectFrom("tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .leftJoin("memberships as m", (j) => j.onRef("m.workspace_id", "=", "t.workspace_id").onRef("m.user_id", "=", "t.user_id"))
    .select(["t.id", "t.name", "t.scopes", "t.created_at", "t.last_used_at", "t.revoked_at", "u.username", "u.id as userId", "u.suspended", "m.role"])
    .where("t.workspace_id", "=", workspaceId)
    .where("t.kind", "=", "api_key")
    .orderBy("t.id")
    .execute();
  // The state says whether the key would be accepted now, by the same rules as the principal lookup.
  const stateOf = (r: (typeof rows)[number]) =>
    r.revoked_at !== null ? "revoked" : r.suspended !== 0 ? "user suspended" : r.role === null ? "member removed" : "active";
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    user: { id: r.userId, username: r.username },
    scopes: r.scopes.split(","),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    state: stateOf(r),
  }));
}
