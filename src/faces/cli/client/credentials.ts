// Where the `crs` client keeps its login: the tokens in the OS keyring (macOS Keychain, Windows
// Credential Manager, the Secret Service on Linux desktops) where one answers, else in the 0600 JSON
// file under the user's config directory ($XDG_CONFIG_HOME/crs/credentials.json, else
// ~/.config/crs/credentials.json), which always holds the rest (URL, kind, expiry). CRS_TOKEN and
// CRS_URL override both. Tokens are never printed back except by `crs auth token`.
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
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
  /** Where the tokens are: "keyring" (the file has none) or "file". */
  store?: "keyring" | "file" | undefined;
}

interface Secrets {
  token: string;
  refreshToken?: string | undefined;
}

interface KeyringEntry {
  setPassword(p: string): void;
  getPassword(): string | null | undefined;
  deletePassword(): boolean | undefined;
}

const service = "crs";

/** The keyring entry for a server URL, or null when keyrings are off (CRS_KEYRING=off) or missing. */
function keyringEntry(url: string, env: NodeJS.ProcessEnv): KeyringEntry | null {
  if (["off", "0", "false"].includes((env.CRS_KEYRING ?? "").toLowerCase())) return null;
  try {
    // Loaded only when a login is read or written: the native module costs start-up time.
    const { Entry } = createRequire(import.meta.url)("@napi-rs/keyring") as { Entry: new (service: string, account: string) => KeyringEntry };
    return new Entry(service, url);
  } catch {
    return null;
  }
}

const defaultUrl = "http://127.0.0.1:8080";

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "crs", "credentials.json");
}

export function readLogin(env: NodeJS.ProcessEnv = process.env): Login | null {
  let data: Login;
  try {
    data = JSON.parse(readFileSync(credentialsPath(env), "utf8")) as Login;
  } catch {
    return null;
  }
  if (typeof data.url !== "string") return null;
  if (data.store === "keyring") {
    try {
      const secrets = JSON.parse(keyringEntry(data.url, env)?.getPassword() ?? "null") as Secrets | null;
      if (!secrets || typeof secrets.token !== "string") return null;
      return { ...data, token: secrets.token, refreshToken: secrets.refreshToken };
    } catch {
      return null;
    }
  }
  return typeof data.token === "string" ? data : null;
}

/** Stores the login; answers where the tokens went (the keyring or the file's path). */
export function writeLogin(login: Login, env: NodeJS.ProcessEnv = process.env): string {
  const file = credentialsPath(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const entry = keyringEntry(login.url, env);
  let inKeyring = false;
  if (entry) {
    try {
      entry.setPassword(JSON.stringify({ token: login.token, refreshToken: login.refreshToken } satisfies Secrets));
      inKeyring = true;
    } catch {
      // No keyring service answers (a server, a container, CI): the file keeps the tokens.
    }
  }
  const { token: _t, refreshToken: _r, ...rest } = login;
  const stored = inKeyring ? { ...rest, store: "keyring" } : { ...login, store: "file" };
  // Created 0600 and chmod-ed again in case the file already existed with wider permissions.
  writeFileSync(file, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return inKeyring ? "keyring" : file;
}

/** The server of the last login, kept after logout so that later messages name it. */
function lastServer(env: NodeJS.ProcessEnv): string | undefined {
  try {
    const { url } = JSON.parse(readFileSync(credentialsPath(env), "utf8")) as { url?: unknown };
    return typeof url === "string" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the tokens (keyring and file); the file keeps only the server's URL. */
export function forgetLogin(env: NodeJS.ProcessEnv = process.env): void {
  const file = credentialsPath(env);
  let url: string | undefined;
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as Login;
    url = typeof data.url === "string" ? data.url : undefined;
    if (data.store === "keyring" && url) keyringEntry(url, env)?.deletePassword();
  } catch {
    // Nothing stored, or the keyring is gone: the tokens in the file go regardless.
  }
  rmSync(file, { force: true });
  if (url) writeFileSync(file, JSON.stringify({ url }, null, 2) + "\n", { mode: 0o600 });
}

/** What a command talks to: CRS_URL / CRS_TOKEN first, then the stored login (or the last server logged out of). */
export function target(env: NodeJS.ProcessEnv = process.env): { url: string; token: string | null; login: Login | null } {
  const login = readLogin(env);
  const url = (env.CRS_URL || login?.url || lastServer(env) || defaultUrl).replace(/\/+$/, "");
  const token = env.CRS_TOKEN || (login && login.url.replace(/\/+$/, "") === url ? login.token : null);
  return { url, token, login };
}
