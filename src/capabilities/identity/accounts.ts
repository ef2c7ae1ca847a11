// Operator actions on users and workspaces (crs admin, crs serve bootstrap); memberships are in
// members.ts, API keys in api-keys.ts.
import { maxId } from "../../platform/store/migrations/helpers.ts";
import { AppError, invalidField } from "../../kernel/errors.ts";
import type { Store } from "../../platform/store/index.ts";
import { hasNul } from "../../kernel/text.ts";
import { checkName } from "./names.ts";
import { endUserGrants } from "../oauth/index.ts";
import { hashPassword } from "./passwords.ts";

const slugRe = /^[a-z0-9][a-z0-9-]{0,62}$/;
const usernameRe = /^[A-Za-z0-9][A-Za-z0-9._-]{0,38}$/;
const emailRe = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

const now = () => new Date().toISOString();

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

/**
 * A user no one signs in as (no password), who acts for the service: connections starts a
 * repository's automatic runs as one. Unchecked: the caller makes the email unique.
 */
export async function createServiceUser(store: Store, u: { email: string; username: string; name: string }, at: string): Promise<number> {
  const row = await store.db
    .insertInto("users")
    .values({ email: u.email, username: u.username, name: u.name, password_hash: null, suspended: 0, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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
    await endUserGrants(tx, userId, undefined, now());
    const s = await tx.deleteFrom("app_sessions").where("user_id", "=", userId).executeTakeFirst();
    return { revokedTokens: Number(r.numUpdatedRows), endedSessions: Number(s.numDeletedRows) };
  });
}

/** Usernames by user id, for the ids given (nulls skipped); one read however many. */
export async function usernames(store: Store, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
  if (!wanted.length) return new Map();
  const rows = await store.db.selectFrom("users").select(["id", "username"]).where("id", "in", wanted).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Whether the store has any user yet (the first start creates the admin). */
export async function hasUsers(store: Store): Promise<boolean> {
  return !!(await store.db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}
