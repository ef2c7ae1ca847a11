// Test support: how the GitHub stand-in authenticates a GitHub App: an installation token is minted
// only for a JWT signed with the App's key, naming the App, not expired, as GitHub checks it.
import { createPublicKey, createVerify, randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Reply } from "./server.ts";

export interface StandInApp {
  appId: number;
  privateKey: string;
  installationId: number;
}

/** The reply to POST /app/installations/{id}/access_tokens; `accept` is told the token it mints. */
export function mintInstallationToken(
  app: StandInApp | undefined,
  params: Record<string, string>,
  headers: IncomingMessage["headers"],
  accept: (token: string) => void,
): Reply {
  const jwt = String(headers.authorization ?? "").replace(/^bearer /i, "");
  if (!app || Number(params.installation_id) !== app.installationId || !verifyAppJwt(jwt, app.privateKey, app.appId)) {
    return { status: 401, body: { message: "A JSON web token could not be decoded" } };
  }
  const token = `ghs_standin${randomBytes(12).toString("hex")}`;
  accept(token);
  return {
    status: 201,
    body: { token, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: { checks: "write", pull_requests: "write", statuses: "write" } },
  };
}

/** RS256 JWT check as GitHub does it for an App: signature by the App's key, iss = app id, not expired. */
function verifyAppJwt(jwt: string, privateKey: string, appId: number): boolean {
  const [h, p, s] = jwt.split(".");
  if (!h || !p || !s) return false;
  const verifier = createVerify("RSA-SHA256");
  verifier.update(`${h}.${p}`);
  if (!verifier.verify(createPublicKey(privateKey), Buffer.from(s, "base64url"))) return false;
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as { iss?: unknown; exp?: number };
  return String(claims.iss) === String(appId) && (claims.exp ?? 0) * 1000 > Date.now();
}
