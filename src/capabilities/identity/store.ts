import type { Generated } from "kysely";

export interface SettingsTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  name: string | null;
  password_hash: string | null;
  suspended: number;
  created_at: string;
}

export interface WorkspacesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: string;
  /** Monthly spending limit in cents; null for none. */
  spend_limit_cents: Generated<number | null>;
  /** Bumped by every finding import and triage change (positions cache on it). */
  inbox_version: Generated<number>;
  /** Unused since migration 012: each repository holds the version of its last import. */
  import_version: Generated<number>;
}

export interface MembershipsTable {
  workspace_id: number;
  user_id: number;
  role: "admin" | "member";
  created_at: string;
}

export interface TokensTable {
  id: Generated<number>;
  workspace_id: number;
  user_id: number;
  kind: "api_key" | "oauth_access" | "oauth_refresh";
  name: string;
  token_hash: string;
  /** Comma-separated scopes. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  /** The OAuth grant an access or refresh token belongs to (null for API keys). */
  grant_id: Generated<number | null>;
  /** The first characters of an API key (safe to show); null for OAuth tokens. */
  token_prefix: Generated<string | null>;
}

export interface AppSessionsTable {
  /** SHA-256 of the session cookie's value. */
  id_hash: string;
  user_id: number;
  /** The workspace active in the app (consent binds OAuth tokens to it). */
  workspace_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}
