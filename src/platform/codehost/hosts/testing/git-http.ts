// Test support: serves a local repository over git's smart HTTP protocol through `git http-backend`
// (CGI), the way a code host serves clones and fetches. The stand-ins put their token check in front.
import { spawn } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Answers one git request. `gitDir` is the repository's git directory (bare repo or .git);
 * `rest` is what follows `<repo>.git` in the URL: /info/refs, /git-upload-pack, ...
 */
export function serveGit(req: IncomingMessage, res: ServerResponse, gitDir: string, rest: string, query: string): void {
  if (rest.includes("receive-pack")) {
    // The stand-ins are read-only, like a mirror's remote: crs never pushes.
    res.writeHead(403, { "content-type": "text/plain" }).end("push is not served by the stand-in\n");
    return;
  }
  const child = spawn("git", ["http-backend"], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      GIT_PROJECT_ROOT: gitDir,
      GIT_HTTP_EXPORT_ALL: "1",
      PATH_INFO: rest,
      REQUEST_METHOD: req.method ?? "GET",
      QUERY_STRING: query,
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      HTTP_CONTENT_ENCODING: String(req.headers["content-encoding"] ?? ""),
      GIT_PROTOCOL: String(req.headers["git-protocol"] ?? ""),
      REMOTE_USER: "crs",
      REMOTE_ADDR: "127.0.0.1",
    },
    stdio: ["pipe", "pipe", "ignore"],
  });
  req.pipe(child.stdin);
  child.stdin.on("error", () => {});
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on("data", (chunk: Buffer) => {
    if (started) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    started = true;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
      const i = line.indexOf(":");
      if (i < 0) continue;
      const name = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 200;
      else headers[name] = value;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  child.on("close", () => {
    if (!started) res.writeHead(500).end();
    else res.end();
  });
}
