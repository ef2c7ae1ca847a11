// A request body that stops arriving would hold its connection (and, for an upload, its slot and a
// partial file) until the client gives up, which a hostile client never does. While a body is being
// received the socket gets an idle timeout; when it fires before the body is complete the
// connection is cut. The reader of the body (Fastify's parser, receiveUpload) then sees the abort
// and cleans up as for a client that went away. The timeout is lifted once the body has arrived, so
// a slow handler or a long response is never cut by it.
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers["content-length"];
  return raw.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

export function cutStalledBodies(server: FastifyInstance, idleMs: number): void {
  server.addHook("onRequest", (req, _reply, done) => {
    const raw = req.raw;
    if (hasBody(raw) && !raw.complete) watch(raw, idleMs);
    done();
  });
}

function watch(raw: IncomingMessage, idleMs: number): void {
  const socket = raw.socket;
  const onIdle = () => {
    if (!raw.complete) socket.destroy();
  };
  socket.setTimeout(idleMs);
  socket.on("timeout", onIdle);
  raw.once("end", () => {
    socket.setTimeout(0);
    socket.off("timeout", onIdle);
  });
}
