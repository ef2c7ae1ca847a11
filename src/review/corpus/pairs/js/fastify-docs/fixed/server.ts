import Fastify from "fastify";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

const app = Fastify();
const docs = join(process.cwd(), "docs");

app.get("/docs/:page", async (request, reply) => {
  const { page } = request.params as { page: string };
  if (!/^[\w-]+\.md$/.test(page)) return reply.code(404).send();
  const text = await readFile(join(docs, page), "utf8"); // safe: path-traversal allow-list then return
  return reply.type("text/markdown").send(text);
});

app.listen({ port: 3000 });
