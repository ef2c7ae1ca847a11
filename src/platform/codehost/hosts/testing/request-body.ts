// Test support: a request's body read as a host reads it: JSON (anything else named as an error the
// stand-in answers with 422), or a form (what a client library may send instead) as nested fields.
import type { IncomingMessage } from "node:http";

/** The body (undefined when empty) and what is wrong with its encoding. */
export async function readRequestBody(req: IncomingMessage): Promise<{ body: unknown; errors: string[] }> {
  const raw = await readBody(req);
  let body: unknown;
  const errors: string[] = [];
  if (raw.length > 0) {
    const type = String(req.headers["content-type"] ?? "");
    if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      body = await parseForm(raw, type);
    } else {
      if (!type.includes("application/json")) errors.push("a body that is not application/json");
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        errors.push("a body that is not JSON");
      }
    }
  }
  return { body, errors };
}

/** A form body as an object, `a[b]=v` nested as { a: { b: v } } (values stay text, as the host receives them). */
async function parseForm(raw: Buffer, type: string): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p.length > 0);
    let at = out;
    parts.slice(0, -1).forEach((p) => {
      at[p] ??= {};
      at = at[p] as Record<string, unknown>;
    });
    at[parts.at(-1) ?? key] = typeof value === "string" ? value : "(file)";
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
