// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
import { NextRequest, NextResponse } from "next/server";
import type { FastifyRequest, FastifyReply } from "fastify";
import { exec } from "node:child_process";

export async function GET(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("to");
  return NextResponse.redirect(target as string); // vuln: open-redirect
}

export async function POST(request: NextRequest): Promise<Response> {
  const body = await request.json();
  const rows = await db.query(`SELECT * FROM items WHERE owner = '${body.owner}'`); // vuln: sql-injection
  const safe = await db.query("SELECT * FROM items WHERE owner = $1", [body.owner]); // safe: sql-injection parameterized
  return NextResponse.json(rows);
}

fastify.get("/run", async (req: FastifyRequest<{ Querystring: { dir: string } }>, reply: FastifyReply) => {
  const dir: string = req.query.dir;
  exec(`ls ${dir}`); // vuln: command-injection
  const count: number = Number(req.query.dir);
  exec(`seq ${count}`); // safe: command-injection sanitized number
  reply.send(`<p>${dir}</p>`); // safe: xss fastify sends a string as text/plain
  reply.send({ dir }); // safe: xss json object
});

function helper(input: string) {
  exec(input); // safe: command-injection parameter not from a framework
}

app.get("/cfg", (req: Request, res: Response) => {
  const DEBUG = false;
  if (DEBUG) {
    exec(String(req.query.cmd)); // safe: command-injection dead branch
  }
  const file = String(req.query.file);
  fs.readFileSync("/data/" + file); // vuln: path-traversal
});
