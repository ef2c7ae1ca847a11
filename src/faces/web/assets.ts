// The app's stylesheet, script and icon, read once at start and served from this origin (the CSP allows
// nothing else). Pages link them with ?v=assetVersion, so a browser may keep them for a day.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";

const assets: readonly [string, string, string][] = [
  ["/app/assets/app.css", "app.css", "text/css; charset=utf-8"],
  ["/app/assets/app.js", "app.js", "text/javascript; charset=utf-8"],
  ["/app/assets/icon.svg", "icon.svg", "image/svg+xml"],
];

export function registerAssets(web: FastifyInstance): void {
  for (const [route, file, type] of assets) {
    const body = readFileSync(join(import.meta.dirname, "assets", file));
    web.get(route, async (_req, reply) => reply.type(type).header("Cache-Control", "public, max-age=86400").send(body));
  }
}
