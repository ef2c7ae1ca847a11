// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// A Fastify app that serves HTML pages: the handlers set the content type themselves.
import Fastify from "fastify";

const app = Fastify();
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

app.get("/hello", async (request, reply) => {
  const { name } = request.query as { name: string };
  reply.type("text/html");
  reply.send(`<h1>Hello ${name}</h1>`); // vuln: xss
});

app.get("/hello-safe", async (request, reply) => {
  const { name } = request.query as { name: string };
  reply.type("text/html").send(`<h1>Hello ${escapeHtml(name)}</h1>`); // safe: xss escaped
});

app.get("/status", async (request, reply) => {
  const { id } = request.params as { id: string };
  reply.code(404).send({ error: "not found", id }); // safe: xss json object
});

app.get("/page", async (request, reply) => {
  const title = (request.query as { t: string }).t;
  reply.header("Content-Type", "text/html; charset=utf-8").send(`<title>${title}</title>`); // vuln: xss
});
