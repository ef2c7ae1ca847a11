import type { Kysely } from "kysely";

// The crs command line's own OAuth client, with a fixed id: `crs login` uses it without
// registering, and the consent screen calls it verified by that id (never by a name, which anyone
// can register). Its redirect URIs are loopback ones, which match on any port (RFC 8252 §7.3).
// Values written here as they were on the day: the migration must not change when the code does.
export function firstPartyClient() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db
        .insertInto("oauth_clients")
        .values({
          id: "crs-cli",
          name: "crs command line",
          redirect_uris: JSON.stringify(["http://127.0.0.1/callback", "http://[::1]/callback"]),
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    },
  };
}
