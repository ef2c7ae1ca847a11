// A handler runs to its end even when its client went away (a load generator stopping mid-request,
// a browser closing a tab), after the HTTP server has stopped counting the connection. close() waits
// for those handlers, so whoever closes the store or drops its schema next finds no request still
// reading it. A reply is done when it is sent (onSend runs even for a client that left) or, for a
// hijacked one (MCP), when its response finishes; one that never does is waited for at most `maxMs`.
import type { FastifyInstance, FastifyRequest } from "fastify";

export function drainOnClose(server: FastifyInstance, maxMs: number): void {
  const running = new Set<FastifyRequest>();
  let idle: (() => void) | undefined;
  const done = (req: FastifyRequest) => {
    if (running.delete(req) && running.size === 0) idle?.();
  };
  server.addHook("onRequest", async (req) => {
    running.add(req);
  });
  server.addHook("onSend", async (req, _reply, payload) => {
    done(req);
    return payload;
  });
  server.addHook("onResponse", async (req) => done(req));
  server.addHook("onClose", async () => {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      idle = resolve;
      timer = setTimeout(resolve, maxMs);
    });
    clearTimeout(timer);
  });
}
