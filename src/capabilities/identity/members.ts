// Workspace memberships: adding and removing a member (which ends the user's tokens there), and the
// member directory, sorted by username then id, byte-wise on both engines.
import { AppError } from "../../kernel/errors.ts";
import { endUserGrants } from "../oauth/index.ts";
import type { Store } from "../../platform/store/index.ts";
import { bytewise } from "../../platform/store/collate.ts";
import { keysetPage } from "../../platform/store/page.ts";
import { maxId } from "../../platform/store/migrations/helpers.ts";

const now = () => new Date().toISOString();

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
    await endUserGrants(tx, userId, workspaceId, now());
    // Sessions with that workspace active lose it (readSession falls back to one the user still has).
    await tx.updateTable("app_sessions").set({ workspace_id: null }).where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
    return { revokedTokens: Number(t.numUpdatedRows) };
  });
}

/** The user's role in the workspace, or null when they are not a member. */
export async function memberRole(store: Store, workspaceId: number, userId: number): Promise<"admin" | "member" | null> {
  const row = await store.db.selectFrom("memberships").select("role").where("workspace_id", "=", workspaceId).where("user_id", "=", userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Ids of the workspace's members a reference names: an id, an email, or a username (all members sharing it). */
export async function memberIdsNamed(store: Store, workspaceId: number, ref: string): Promise<number[]> {
  let q = store.db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id").select("u.id").where("m.workspace_id", "=", workspaceId);
  if (/^[1-9]\d{0,9}$/.test(ref)) q = q.where("u.id", "=", Math.min(Number(ref), maxId));
  else if (ref.includes("@")) q = q.where("u.email", "=", ref.toLowerCase());
  else q = q.where("u.username", "=", ref);
  return (await q.execute()).map((r) => r.id);
}

export interface MemberCursor {
  u: string;
  i: number;
}

export async function listMembers(store: Store, workspaceId: number, page: { limit: number; after?: MemberCursor | undefined }) {
  const username = bytewise(store.engine, "u.username");
  let q = store.db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.username", "u.email", "u.name", "m.role"])
    .where("m.workspace_id", "=", workspaceId);
  if (page.after) {
    const { u, i } = page.after;
    q = q.where((eb) => eb.or([eb(username, ">", u), eb.and([eb(username, "=", u), eb("u.id", ">", i)])]));
  }
  const rows = await q
    .orderBy(username)
    .orderBy("u.id")
    .limit(page.limit + 1)
    .execute();
  const { items, last } = keysetPage(rows, page.limit);
  return { items, next: last ? { u: last.username, i: last.id } : null };
}
