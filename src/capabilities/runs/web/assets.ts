// The runs, repositories and dashboard pages' own files, served from this origin (the CSP allows
// nothing else): their script and stylesheet, and uPlot's, read from the installed package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";

const require = createRequire(import.meta.url);
const css = "text/css; charset=utf-8";
const js = "text/javascript; charset=utf-8";

const files: readonly [string, () => string, string][] = [
  ["/app/runs.js", () => join(import.meta.dirname, "assets", "runs.js"), js],
  ["/app/runs.css", () => join(import.meta.dirname, "assets", "runs.css"), css],
  ["/app/dashboard.js", () => join(import.meta.dirname, "assets", "dashboard.js"), js],
  ["/app/vendor/uplot.js", () => require.resolve("uplot/dist/uPlot.iife.min.js"), js],
  ["/app/vendor/uplot.css", () => require.resolve("uplot/dist/uPlot.min.css"), css],
];

export function registerAssets(web: FastifyInstance): void {
  for (const [route, path, type] of files) {
    const body = readFileSync(path());
    web.get(route, async (_req, reply) => reply.type(type).header("Cache-Control", "public, max-age=3600").send(body));
  }
}

/** A page's extra head: the runs stylesheet (and others), and (while something runs) a refresh for browsers without JavaScript. */
export function withHead(text: string, opts: { styles?: string[]; refreshSeconds?: number } = {}): string {
  const parts = [...(opts.styles ?? []), "/app/runs.css"].map((href) => `<link rel="stylesheet" href="${href}">`);
  if (opts.refreshSeconds) parts.push(`<noscript><meta http-equiv="refresh" content="${opts.refreshSeconds}"></noscript>`);
  return text.replace("</head>", `${parts.join("")}</head>`);
}
