// Operator actions on users, workspaces, memberships and API keys (crs admin, crs serve bootstrap).
import { maxId } from "../../platform/store/migrations/helpers.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { parseScopes, type Scope } from "../../kernel/scopes.ts";
import { hasNul, isName } from "../../kernel/text.ts";
import { hashPassword } from "./passwords.ts";
import { generateToken, hashToken } from "../../kernel/tokens.ts";

const slugRe = /^[a-z0-9][a-z0-9-]{0,62}$/;
const usernameRe = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
const emailRe = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

const now = () => new Date().toISOString();

/** A display name (workspace, user, API key): 1 to `max` characters, none of them a control character. */
function checkName(field: string, value: string | undefined, max = 100): void {
  if (value === undefined) return;
  if (value.trim() === "" || value.length > max) throw invalidField(field, `The ${field} is 1 to ${max} characters.`);
  if (!isName(value)) throw invalidField(field, `The ${field} may not hold control characters.`);
}

export async function createWorkspace(store: Store, slug: string, name?: string) {
  if (!slugRe.test(slug)) throw invalidField("slug", "A workspace slug is 1-63 lower-case letters, digits or dashes, starting with a letter or digit.");
  checkName("name", name);
  const taken = await store.db.selectFrom("workspaces").select("id").where("slug", "=", slug).executeTakeFirst();
  if (taken) throw new AppError("conflict", `A workspace with slug ${slug} exists.`);
  return store.db
    .insertInto("workspaces")
    .values({ slug, name: name ?? slug, created_at: now() })
    .returning(["id", "slug", "name", "created_at"])
    .executeTakeFirstOrThrow();
}

/**
 * What an operator's reference can name, checked before any query: PostgreSQL refuses an id past
 * its integer column and text with NUL, where SQLite would simply find nothing.
 */
function refKind(ref: string): "id" | "text" | "nothing" {
  if (hasNul(ref)) return "nothing";
  if (!/^\d+$/.test(ref)) return "text";
  return Number(ref) <= maxId ? "id" : "nothing";
}

export async function findWorkspace(store: Store, ref: string) {
  const q = store.db.selectFrom("workspaces").select(["id", "slug", "name", "created_at"]);
  const kind = refKind(ref);
  const row =
    kind === "nothing"
      ? undefined
      : kind === "id"
        ? await q.where("id", "=", Number(ref)).executeTakeFirst()
        : await q.where("slug", "=", ref).executeTakeFirst();
  if (!row) throw new AppError("not_found", `No workspace ${ref}.`);
  return row;
}

export async function createUser(store: Store, input: { username: string; email: string; password?: string; name?: string }) {
  if (!usernameRe.test(input.username)) throw invalidField("username", "A username is 1-39 letters, digits, dots, dashes or underscores.");
  checkName("name", input.name);
  const email = input.email.trim().toLowerCase();
  if (!emailRe.test(email)) throw invalidField("email", "The email address is invalid.");
  if (input.password !== undefined && input.password.length < 8) throw invalidField("password", "A password has at least 8 characters.");
  const taken = await store.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (taken) throw new AppError("conflict", `A user with email ${email} exists.`);
  return store.db
    .insertInto("users")
    .values({
      username: input.username,
      email,
      name: input.name ?? null,
      password_hash: input.password ? await hashPassword(input.password) : null,
      suspended: 0,
      created_at: now(),
    })
    .returning(["id", "username", "email", "name", "created_at"])
    .executeTakeFirstOrThrow();
}

/** A user by id, email or username; a username shared by several users is refused. */
export async function findUser(store: Store, ref: string) {
  const q = store.db.selectFrom("users").select(["id", "username", "email", "name", "suspended", "created_at"]);
  const kind = refKind(ref);
  const rows =
    kind === "nothing"
      ? []
      : kind === "id"
        ? await q.where("id", "=", Number(ref)).execute()
        : ref.includes("@")
          ? await q.where("email", "=", ref.trim().toLowerCase()).execute()
          : await q.where("username", "=", ref).execute();
  if (rows.length === 0) throw new AppError("not_found", `No user ${ref}.`);
  if (rows.length > 1) throw invalidField("user", `Several users are named ${ref}; use an email or id.`);
  return rows[0]!;
}

/** Suspending ends every web session of the user for good: unsuspending must not revive them. */
export async function setSuspended(store: Store, userId: number, suspended: boolean): Promise<{ endedSessions: number }> {
  return store.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("users")
      .set({ suspended: suspended ? 1 : 0 })
      .where("id", "=", userId)
      .execute();
    if (!suspended) return { endedSessions: 0 };
    const s = await tx.deleteFrom("app_sessions").where("user_id", "=", userId).executeTakeFirst();
    return { endedSessions: Number(s.numDeletedRows) };
  });
}

/**
 * A password change or reset revokes every token of the user, in every workspace, and ends every web
 * session (whoever knew the old password may hold one); the web app re-issues the changer's own.
 */
export async function setPassword(store: Store, userId: number, password: string): Promise<{ revokedTokens: number; endedSessions: number }> {
  if (password.length < 8) throw invalidField("password", "A password has at least 8 characters.");
  const hash = await hashPassword(password);
  return store.db.transaction().execute(async (tx) => {
    await tx.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
    const r = await tx.updateTable("tokens").set({ revoked_at: now() }).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
    // The OAuth grants end with their tokens, so authorized apps no longer lists them.
    await tx.updateTable("oauth_grants").set({ revoked_at: now() }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    const s = await tx.deleteFrom("app_sessions").where("user_id", "=", userId).executeTakeFirst();
    return { revokedTokens: Number(r.numUpdatedRows), endedSessions: Number(s.numDeletedRows) };
  });
}

export async function addMember(store: Store, workspaceId: number, userId: number, role: "admin" | "member") {
  await store.db
    .insertInto("memberships")
    .values({ workspace_id: workspaceId, user_id: userId, role, created_at: now() })
    .onConflict((oc) => oc.columns(["workspace_id", "user_id"]).doUpdateSet({ role }))
    .execute();
  return { workspaceId, userId, role };
}

/** Ends the membership and, for good, every token of the user in that workspace: adding the user
 * back later must not revive an old key (with whatever role they then get). */
export async function removeMember(store: Store, workspaceId: number, userId: number): Promise<{ revokedTokens: number }> {
  return store.db.transaction().execute(async (tx) => {
    const r = await tx.deleteFrom("memberships").where("workspace_id", "=", workspaceId).where("user_id", "=", userId).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw new AppError("not_found", "That user is not a member of the workspace.");
    const t = await tx
      .updateTable("tokens")
      .set({ revoked_at: now() })
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    // The user's OAuth grants there end too (their tokens just did), so no refresh can revive them.
    await tx
      .updateTable("oauth_grants")
      .set({ revoked_at: now() })
      .where("workspace_id", "=", workspaceId)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
    // Sessions with that workspace active lose it (readSession falls back to one the user still has).
    await tx.updateTable("app_sessions").set({ workspace_id: null }).where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
    return { revokedTokens: Number(t.numUpdatedRows) };
  });
}

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

/** Whether the store has any user yet (the first start creates the admin). */
export async function hasUsers(store: Store): Promise<boolean> {
  return !!(await store.db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}
