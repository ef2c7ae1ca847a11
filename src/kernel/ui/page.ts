// Sending the app's pages: an HTML body with its status, and the one error page layout.
import type { FastifyReply } from "fastify";
import { html, page } from "./html.ts";

export function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type("text/html; charset=utf-8").send(body);
}

export function errorPage(reply: FastifyReply, status: number, title: string, message: string): FastifyReply {
  return sendPage(reply, status, page({ title, narrow: true }, html`<h1>${title}</h1><p class="error">${message}</p><p><a href="/app">Back to crs</a></p>`));
}
