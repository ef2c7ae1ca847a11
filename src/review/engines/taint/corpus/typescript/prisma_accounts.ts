// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
// Account routes of an Express app on Prisma: a JSON body's value placed in a `where` can be an operator object
// (`{ "token": { "not": "" } }` matches every row), beside lookups by text, numbers and checked strings.
import express from "express";
import { PrismaClient } from "@prisma/client";

const prisma = new PrismaClient();
const router = express.Router();

router.post("/password/reset", async (req, res) => {
  const user = await prisma.user.findFirst({ where: { resetToken: req.body.token } }); // vuln: nosql-injection
  if (!user) return res.status(404).end();
  res.json({ id: user.id });
});

router.get("/users", async (req, res) => {
  const users = await prisma.user.findMany({ where: req.query, take: 20 }); // vuln: nosql-injection
  res.json(users);
});

router.post("/login", async (req, res) => {
  const { email } = req.body;
  const user = await prisma.user.findUnique({ where: { email } }); // vuln: nosql-injection
  res.json({ ok: Boolean(user) });
});

router.post("/password/reset-text", async (req, res) => {
  const user = await prisma.user.findFirst({ where: { resetToken: String(req.body.token) } }); // safe: nosql-injection sanitized
  res.json({ ok: Boolean(user) });
});

router.post("/password/reset-checked", async (req, res) => {
  const { token } = req.body;
  if (typeof token !== "string") return res.status(400).end();
  const user = await prisma.user.findFirst({ where: { resetToken: token } }); // safe: nosql-injection a typeof check
  res.json({ ok: Boolean(user) });
});

router.get("/users/:id", async (req, res) => {
  const user = await prisma.user.findUnique({ where: { id: Number(req.params.id) } }); // safe: nosql-injection a number
  const posts = await prisma.post.findMany({ where: { authorId: req.params.id } }); // safe: nosql-injection a route parameter is text
  res.json({ user, posts });
});

router.patch("/users/:id", async (req, res) => {
  const user = await prisma.user.update({ where: { id: Number(req.params.id) }, data: { name: req.body.name } }); // safe: nosql-injection data is no filter
  res.json(user);
});
