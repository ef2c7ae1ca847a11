// Email + password sign-in for the web app, with failed attempts throttled per account and per
// address over a sliding 15-minute window. Attempts are counted in the database so every server
// instance sees the same counts.
import type { Store } from "../../platform/store/index.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

const windowMs = 15 * 60 * 1000;
/** An address may fail this many times more than one account (several people behind one NAT). */
const addressFactor = 5;

export type SignInResult = { ok: true; userId: number } | { ok: false; reason: "invalid" | "throttled" };

let dummyHash: Promise<string> | undefined;

async function failures(store: Store, key: string, since: string): Promise<number> {
  const r = await store.db
    .selectFrom("sign_in_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key", "=", key)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function checkCredentials(
  store: Store,
  input: { email: string; password: string; address: string; maxFailures: number },
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase().slice(0, 320);
  const since = new Date(now.getTime() - windowMs).toISOString();
  const accountKey = `account:${email}`;
  const addressKey = `address:${input.address}`;
  if ((await failures(store, accountKey, since)) >= input.maxFailures || (await failures(store, addressKey, since)) >= input.maxFailures * addressFactor) {
    return { ok: false, reason: "throttled" };
  }
  const user = await store.db.selectFrom("users").select(["id", "password_hash", "suspended"]).where("email", "=", email).executeTakeFirst();
  // An unknown email costs the same hashing as a wrong password, so timing does not tell them apart.
  const stored = user?.password_hash ?? (await (dummyHash ??= hashPassword("no such user")));
  const valid = await verifyPassword(stored, input.password.slice(0, 1000));
  if (user?.password_hash && valid && !user.suspended) {
    // A success clears the account's count (not the address's: one address may try many accounts).
    await store.db.deleteFrom("sign_in_failures").where("key", "=", accountKey).execute();
    return { ok: true, userId: user.id };
  }
  const at = now.toISOString();
  await store.db
    .insertInto("sign_in_failures")
    .values([
      { key: accountKey, created_at: at },
      { key: addressKey, created_at: at },
    ])
    .execute();
  await store.db.deleteFrom("sign_in_failures").where("created_at", "<", since).execute();
  return { ok: false, reason: "invalid" };
}
