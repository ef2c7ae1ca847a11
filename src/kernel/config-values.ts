// The parsers of configuration values (config.ts reads the environment through them): each checks
// one variable and throws a ConfigError that names it, so a bad value stops the start with why.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export class ConfigError extends Error {}

export function defaultDataDir(env: NodeJS.ProcessEnv, forServe: boolean): string {
  // `npm start` runs from the project, where ./.crs keeps the demo next to the code; elsewhere XDG.
  if (forServe && env.npm_lifecycle_event === "start") return resolve(".crs");
  // After `npm start`, `crs admin` run from the same checkout must find the same store.
  if (existsSync(resolve(".crs", "crs.sqlite"))) return resolve(".crs");
  const xdg = env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(xdg, "crs");
}

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** `*` (the default) or a comma-separated list of origins such as `https://tools.example.com`. */
export function corsOrigins(raw: string | undefined): "*" | string[] {
  const value = (raw ?? "").trim();
  if (value === "" || value === "*") return "*";
  return value
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => {
      let origin: string | undefined;
      try {
        const u = new URL(o);
        if (u.protocol === "http:" || u.protocol === "https:") origin = u.origin;
      } catch {
        /* reported below */
      }
      if (origin !== o.replace(/\/+$/, "")) throw new ConfigError(`CRS_CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port], no path)`);
      return origin;
    });
}

/** 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
export function parseSecretKey(raw: string): Buffer | null {
  const text = raw.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, "base64") : null;
  return bytes?.length === 32 ? bytes : null;
}

export function secretKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!parseSecretKey(raw)) throw new ConfigError("CRS_SECRET_KEY must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)");
  return raw.trim();
}

const webRemoteWords = ["ssh", "http", "git", "private-hosts"];

/** CRS_WEB_REMOTE_ALLOW: a comma list of ssh, http, git, private-hosts; anything else stops the start. */
export function webRemoteAllow(value: string | undefined): string[] {
  const words = (value ?? "")
    .split(",")
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const bad = words.filter((w) => !webRemoteWords.includes(w));
  if (bad.length) throw new ConfigError(`CRS_WEB_REMOTE_ALLOW: unknown ${bad.join(", ")}; use a comma list of ${webRemoteWords.join(", ")}`);
  return [...new Set(words)];
}
