// Web app sessions: a random cookie value, stored only as its hash in the database (so any server
// instance can read it), with the workspace active in the app. The API never accepts a session.
import { createHash, randomBytes } from "node:crypto";
import type { Store } from "../../platform/store/index.ts";

export interface SessionWorkspace {
  id: number;
  slug: string;
  name: string;
  role: "admin" | "member";
}

export interface Session {
  idHash: string;
  user: { id: number; username: string; email: string; name: string | null };
  /** The active workspace; null when the user belongs to none. */
  workspace: SessionWorkspace | null;
  workspaces: SessionWorkspace[];
}

const hashId = (value: string) => createHash("sha256").update(value).digest("hex");

/** A new session; `workspaceId` keeps the active workspace of a session being re-issued. */
export async function createSession(store: Store, userId: number, hours: number, now = new Date(), workspaceId?: number): Promise<string> {
  const value = randomBytes(32).toString("base64url");
  const first = await store.db
    .selectFrom("memberships")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .orderBy((eb) =>
      eb
        .case()
        .when("workspace_id", "=", workspaceId ?? 0)
        .then(0)
        .else(1)
        .end(),
    )
    .orderBy("workspace_id")
    .limit(1)
    .executeTakeFirst();
  await store.db
    .insertInto("app_sessions")
    .values({
      id_hash: hashId(value),
      user_id: userId,
      workspace_id: first?.workspace_id ?? null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + hours * 3600_000).toISOString(),
    })
    .execute();
  return value;
}

async function workspacesOf(store: Store, userId: number): Promise<SessionWorkspace[]> {
  return store.db
    .selectFrom("memberships as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.slug", "w.name", "m.role"])
    .where("m.user_id", "=", userId)
    .orderBy("w.slug")
    .execute();
}

/** The session behind a cookie value, read afresh: expired sessions and suspended users have none. */
export async function readSession(store: Store, value: string | undefined, now = new Date()): Promise<Session | undefined> {
  if (!value || value.length > 100) return undefined;
  const row = await store.db
    .selectFrom("app_sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id_hash", "s.workspace_id", "s.expires_at", "u.id", "u.username", "u.email", "u.name", "u.suspended"])
    .where("s.id_hash", "=", hashId(value))
    .executeTakeFirst();
  if (!row || row.suspended || row.expires_at <= now.toISOString()) return undefined;
  const workspaces = await workspacesOf(store, row.id);
  // A membership removed since sign-in: fall back to another workspace of the user.
  const workspace = workspaces.find((w) => w.id === row.workspace_id) ?? workspaces[0] ?? null;
  return { idHash: row.id_hash, user: { id: row.id, username: row.username, email: row.email, name: row.name }, workspace, workspaces };
}

/** Switches a session's active workspace; only to one its user belongs to. */
export async function switchWorkspace(store: Store, idHash: string, userId: number, workspaceId: number): Promise<boolean> {
  const member = await store.db
    .selectFrom("memberships")
    .select("workspace_id")
    .where("user_id", "=", userId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!member) return false;
  await store.db.updateTable("app_sessions").set({ workspace_id: workspaceId }).where("id_hash", "=", idHash).where("user_id", "=", userId).execute();
  return true;
}

/** Ends a session, named by its id hash (a session principal's `session`). */
export async function endSession(store: Store, idHash: string): Promise<void> {
  await store.db.deleteFrom("app_sessions").where("id_hash", "=", idHash).execute();
}

/** Housekeeping: deletes sessions past their expiry (readSession already refuses them). */
export async function deleteExpiredSessions(store: Store, now = new Date()): Promise<void> {
  await store.db.deleteFrom("app_sessions").where("expires_at", "<", now.toISOString()).execute();
}
