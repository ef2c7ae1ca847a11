// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// Edge handlers: a Cloudflare Worker with a D1 database, and a Hono app. The request arrives as a Web Request or in
// Hono's `c.req`; responses are Web Responses.
import { Hono } from "hono";
import { execSync } from "node:child_process";

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const q = new URL(request.url).searchParams.get("q");
    const rows = await env.DB.prepare("SELECT * FROM notes WHERE title = '" + q + "'").all(); // vuln: sql-injection
    const bound = await env.DB.prepare("SELECT * FROM notes WHERE title = ?").bind(q).all(); // safe: sql-injection parameterized
    if (request.method === "POST") return new Response("<h1>" + q + "</h1>", { headers: { "content-type": "text/html" } }); // vuln: xss
    return new Response("results for " + q, { headers: { "content-type": "text/plain" } }); // safe: xss plain text
  },
};

const app = new Hono();

app.get("/logs", (c) => {
  const service = c.req.query("service");
  return c.text(execSync("journalctl -u " + service).toString()); // vuln: command-injection
});

app.get("/tail", (c) => {
  const lines = Number(c.req.query("lines"));
  return c.text(execSync("journalctl -n " + lines).toString()); // safe: command-injection number
});

app.post("/greet", async (c) => {
  const { name } = await c.req.json();
  return c.html("<p>Hello " + name + "</p>"); // vuln: xss
});

export { app };
