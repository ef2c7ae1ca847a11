// Cross-origin access for what a browser-based client calls with a bearer token or a signed URL:
// REST, MCP, the OAuth discovery documents and the token, registration and revocation endpoints,
// and signed uploads. Any origin by default, since no cookie authenticates there (a page on another
// origin cannot use a token it does not have); CRS_CORS_ORIGINS narrows it, and an MCP request
// from an origin outside the list is refused (the MCP transport's DNS-rebinding rule). The app's
// pages and the OAuth consent screen, which a session cookie authenticates, get no CORS at all.
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { App } from "../kernel/app.ts";
import { AppError } from "../kernel/errors.ts";

const allowedHeaders = ["Authorization", "Content-Type", "Idempotency-Key", "Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID"];
const exposedHeaders = [
  "WWW-Authenticate",
  "X-Request-Id",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "Location",
  "Allow",
  "Mcp-Session-Id",
];

const tokenPaths = new Set(["/oauth/token", "/oauth/register", "/oauth/revoke", "/mcp", "/api"]);

/** Paths a client reaches with a bearer token or a signed URL (never with the session cookie). */
function isCrossOriginPath(url: string): boolean {
  const path = url.split("?")[0]!.replace(/\/+$/, "") || "/";
  return tokenPaths.has(path) || path.startsWith("/api/") || path.startsWith("/mcp/") || path.startsWith("/uploads/") || path.startsWith("/.well-known/oauth-");
}

export async function registerCors(server: FastifyInstance, app: App): Promise<void> {
  const origins = app.config.corsOrigins;
  const options = {
    origin: origins,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders,
    exposedHeaders,
    maxAge: 600,
    // A bad preflight is answered like any other request (our error body), not in plain text.
    strictPreflight: false,
  };
  await server.register(cors, {
    delegator: (req, cb) => cb(null, isCrossOriginPath(req.url) ? options : { origin: false }),
  });
  if (origins === "*") return;
  server.addHook("onRequest", async (req) => {
    const origin = req.headers.origin;
    const path = req.url.split("?")[0]!;
    if (origin !== undefined && (path === "/mcp" || path.startsWith("/mcp/")) && !origins.includes(origin)) {
      throw new AppError("forbidden", `Requests from ${origin.slice(0, 200)} are not allowed; see CRS_CORS_ORIGINS.`, {
        details: { reason: "origin_not_allowed" },
      });
    }
  });
}
