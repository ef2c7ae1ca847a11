import type { Generated } from "kysely";

export interface OAuthClientsTable {
  /** The client_id handed out at registration. */
  id: string;
  /** client_name as registered (shown on the consent screen, marked unverified). */
  name: string;
  /** JSON array of the registered redirect URIs. */
  redirect_uris: string;
  created_at: string;
}

export interface OAuthGrantsTable {
  id: Generated<number>;
  client_id: string;
  user_id: number;
  workspace_id: number;
  /** Comma-separated approved scopes. */
  scopes: string;
  /** The RFC 8707 resource the tokens are bound to. */
  resource: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  user_id: number;
  workspace_id: number;
  scopes: string;
  resource: string;
  redirect_uri: string;
  /** The S256 code challenge. */
  code_challenge: string;
  expires_at: string;
  used_at: string | null;
  grant_id: number | null;
}

export interface OAuthTables {
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
}
