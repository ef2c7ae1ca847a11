// Who is calling: resolved afresh on every request from the token, its user, the membership and the
// role, so a revoked key, removed membership, password change or suspension ends access at once.
import { AppError } from "./errors.ts";
import type { Store } from "../platform/store/index.ts";
import { compiledOnce } from "../platform/store/compiled.ts";
import { scopes } from "./scopes.ts";
import { hasValidChecksum, hashToken, tokenKind } from "./tokens.ts";

export interface Principal {
  /** The token's row; 0 for a session. */
  tokenId: number;
  /** session: the web app's own pages, acting on behalf of a signed-in user (no token). */
  tokenKind: "api_key" | "oauth_access" | "session";
  tokenName: string;
  scopes: ReadonlySet<string>;
  userId: number;
  username: string;
  email: string;
  userName: string | null;
  workspaceId: number;
  workspaceSlug: string;
  workspaceName: string;
  role: "admin" | "member";
  /** A session principal's session (its id hash), which web-only operations such as switch_workspace change. */
  session?: string;
}

/** What a web page's session knows of its user and active workspace (identity's Session has this shape). */
export interface SessionLike {
  idHash: string;
  user: { id: number; username: string; email: string; name: string | null };
  /** Null for a user who belongs to no workspace: the principal then holds no scope and reads no workspace. */
  workspace: { id: number; slug: string; name: string; role: "admin" | "member" } | null;
}

/**
 * Every scope a role allows in its workspace. The spec's roles differ in no scope (an owner's extra
 * rights, such as archiving another's document, are checked by the operation), so both get them all.
 */
function roleScopes(_role: Principal["role"]): ReadonlySet<string> {
  return allScopes;
}

const allScopes: ReadonlySet<string> = new Set(scopes);

/** The principal of a signed-in user's page, holding `granted` (at most what the role allows). */
export function sessionPrincipal(s: SessionLike, granted?: ReadonlySet<string>): Principal {
  const ws = s.workspace ?? { id: 0, slug: "", name: "", role: "member" as const };
  const allowed: ReadonlySet<string> = s.workspace ? roleScopes(ws.role) : new Set();
  return {
    tokenId: 0,
    tokenKind: "session",
    tokenName: "web app",
    scopes: new Set([...(granted ?? allowed)].filter((g) => allowed.has(g))),
    userId: s.user.id,
    username: s.user.username,
    email: s.user.email,
    userName: s.user.name,
    workspaceId: ws.id,
    workspaceSlug: ws.slug,
    workspaceName: ws.name,
    role: ws.role,
    session: s.idHash,
  };
}

/**
 * Nobody yet: the sign-in form's caller, before a session exists. Holds no scope and reads no
 * workspace; its operation charges a per-address bucket, since there is no user to charge.
 */
export function anonymousPrincipal(): Principal {
  return {
    tokenId: 0,
    tokenKind: "session",
    tokenName: "web app",
    scopes: new Set(),
    userId: 0,
    username: "",
    email: "",
    userName: null,
    workspaceId: 0,
    workspaceSlug: "",
    workspaceName: "",
    role: "member",
  };
}

export const realm = "crs";

function invalidToken(): AppError {
  return new AppError("unauthenticated", "The token is invalid, revoked or expired, or its access ended.", {
    headers: { "WWW-Authenticate": `Bearer realm="${realm}", error="invalid_token"` },
  });
}

/** Parses an Authorization header value into a token, per the spec's header error table. */
export function bearerToken(header: string | undefined): string {
  if (header === undefined) {
    throw new AppError("unauthenticated", "Send Authorization: Bearer <token>.", {
      headers: { "WWW-Authenticate": `Bearer realm="${realm}"` },
    });
  }
  const m = /^Bearer ([^\s,]+)$/i.exec(header);
  if (!m) {
    throw new AppError("invalid_request", "The Authorization header must be exactly `Bearer <token>`.", {
      details: { field: "Authorization" },
    });
  }
  return m[1]!;
}

const touchEveryMs = 60_000;

// The lookup is one indexed query (tokens.token_hash is unique). Its SQL is built and compiled once
// per database handle and then run with each request's hash: building and compiling the Kysely
// query cost more than running it. Nothing about the caller is cached: every request reads the
// token, user, membership and role afresh.
const principalLookup = compiledOnce(
  (db) =>
    db
      .selectFrom("tokens as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .innerJoin("memberships as m", (j) => j.onRef("m.workspace_id", "=", "t.workspace_id").onRef("m.user_id", "=", "t.user_id"))
      .innerJoin("workspaces as w", "w.id", "t.workspace_id")
      .select([
        "t.id as tokenId",
        "t.kind",
        "t.name as tokenName",
        "t.scopes",
        "t.expires_at",
        "t.revoked_at",
        "t.last_used_at",
        "u.id as userId",
        "u.username",
        "u.email",
        "u.name as userName",
        "u.suspended",
        "w.id as workspaceId",
        "w.slug",
        "w.name as workspaceName",
        "m.role",
      ])
      .where("t.token_hash", "=", "")
      .compile(),
  "principal lookup must take exactly the token hash",
);

export async function resolvePrincipal(store: Store, token: string, now = new Date()): Promise<Principal> {
  const kind = tokenKind(token);
  if ((kind !== "api_key" && kind !== "oauth_access") || !hasValidChecksum(token)) throw invalidToken();
  const [row] = await principalLookup(store.db, hashToken(token));
  if (!row || row.kind !== kind || row.revoked_at !== null || row.suspended) throw invalidToken();
  const nowIso = now.toISOString();
  if (row.expires_at !== null && row.expires_at <= nowIso) throw invalidToken();
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > touchEveryMs) {
    // Throttled so a busy token does not turn every read into a write.
    await store.db.updateTable("tokens").set({ last_used_at: nowIso }).where("id", "=", row.tokenId).execute();
  }
  return {
    tokenId: row.tokenId,
    tokenKind: kind,
    tokenName: row.tokenName,
    scopes: new Set(row.scopes.split(",")),
    userId: row.userId,
    username: row.username,
    email: row.email,
    userName: row.userName,
    workspaceId: row.workspaceId,
    workspaceSlug: row.slug,
    workspaceName: row.workspaceName,
    role: row.role,
  };
}
