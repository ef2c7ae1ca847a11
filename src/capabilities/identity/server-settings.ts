// The settings table: server-wide values every instance shares (the server secret, which the kernel
// reads at start, and connections' key check value). Each function takes the caller's database
// handle, so it joins the caller's transaction.
import type { Kysely } from "kysely";
import type { Database } from "../../platform/store/schema.ts";

type Db = Kysely<Database>;

/** The setting's value, or undefined when it was never written. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

/** Writes the setting unless it is there already (two instances racing: the first one wins). */
export async function addSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Replaces the value of a setting that is there; nothing when it is not. */
export async function replaceSetting(db: Db, key: string, value: string): Promise<void> {
  await db.updateTable("settings").set({ value }).where("key", "=", key).execute();
}
