// The member directory of a workspace: sorted by username then id, byte-wise on both engines.
import type { Store } from "../../platform/store/index.ts";
import { bytewise } from "../../platform/store/collate.ts";
import { keysetPage } from "../../platform/store/page.ts";

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
