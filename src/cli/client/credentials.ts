// Where the `crs` client keeps its login: a 0600 JSON file under the user's config directory
// ($XDG_CONFIG_HOME/crs/credentials.json, else ~/.config/crs/credentials.json). CRS_TOKEN and
// CRS_URL override it. Tokens are never printed back except by `crs auth token`.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export interface Login {
  url: string;
  token: string;
  /** api_key (svcp_) or oauth (svca_, with a refresh token). */
  kind: "api_key" | "oauth";
  refreshToken?: string | undefined;
  /** When the access token expires (ISO), for oauth. */
  expiresAt?: string | undefined;
  clientId?: string | undefined;
}

export const defaultUrl = "http://127.0.0.1:8080";

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "crs", "credentials.json");
}

export function readLogin(env: NodeJS.ProcessEnv = process.env): Login | null {
  try {
    const data = JSON.parse(readFileSync(credentialsPath(env), "utf8")) as Login;
    return typeof data.url === "string" && typeof data.token === "string" ? data : null;
  } catch {
    return null;
  }
}

export function writeLogin(login: Login, env: NodeJS.ProcessEnv = process.env): string {
  const file = credentialsPath(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Created 0600 and chmod-ed again in case the file already existed with wider permissions.
  writeFileSync(file, JSON.stringify(login, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export function forgetLogin(env: NodeJS.ProcessEnv = process.env): void {
  rmSync(credentialsPath(env), { force: true });
}

/** What a command talks to: CRS_URL / CRS_TOKEN first, then the stored login. */
export function target(env: NodeJS.ProcessEnv = process.env): { url: string; token: string | null; login: Login | null } {
  const login = readLogin(env);
  const url = (env.CRS_URL || login?.url || defaultUrl).replace(/\/+$/, "");
  const token = env.CRS_TOKEN || (login && login.url.replace(/\/+$/, "") === url ? login.token : null);
  return { url, token, login };
}
