// @ts-nocheck
// Handlers validating their input with a zod schema declared at the module's top: what parse returns holds only the
// schema's keys, and keys that admit only numbers, listed values, ids or strings matching an anchored pattern carry
// no text of the request. Keys that admit free text (or a pattern anchored at one end only) still do.
import express from "express";
import path from "node:path";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { db } from "./db";

const app = express();
const DOCS = path.join(process.cwd(), "docs");

const DocQuery = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/), page: z.coerce.number().int().positive().default(1) });
const Listing = z.object({ sort: z.enum(["name", "created_at"]), dir: z.enum(["asc", "desc"]).default("asc"), q: z.string().max(100) });
export const Upload = z.object({ name: z.string().regex(/\.md$/), id: z.string().uuid() });

app.get("/docs", async (req, res) => {
  const parsed = DocQuery.safeParse(req.query);
  if (!parsed.success) return res.status(400).json(parsed.error.issues);
  const { slug } = parsed.data;
  res.json({ md: await readFile(path.join(DOCS, `${slug}.md`), "utf8") }); // safe: path-traversal schema pattern anchored at both ends
});

app.get("/items", async (req, res) => {
  const { sort, dir, q } = Listing.parse(req.query);
  const rows = await db.query(`SELECT * FROM items ORDER BY ${sort} ${dir} LIMIT 20`); // safe: sql-injection schema lists the values
  const found = await db.query(`SELECT * FROM items WHERE title LIKE '%${q}%'`); // vuln: sql-injection
  res.json({ rows, found });
});

app.post("/upload", async (req, res) => {
  const body = Upload.parse(req.body);
  await readFile(path.join(DOCS, body.id)); // safe: path-traversal schema uuid
  res.json({ text: await readFile(path.join(DOCS, body.name), "utf8") }); // vuln: path-traversal
});
