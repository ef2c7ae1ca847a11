// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
import express, { Request, Response } from "express";
import * as fs from "node:fs";
import * as path from "node:path";
import { execSync } from "node:child_process";

const router = express.Router();
const REPORTS: Record<string, string> = { daily: "daily.csv", weekly: "weekly.csv" };

router.get("/report", (req: Request, res: Response) => {
  const file = req.query.file as string;
  res.sendFile(path.join("/srv/reports", file)); // vuln: path-traversal
  res.sendFile(path.join("/srv/reports", REPORTS[file])); // safe: path-traversal safe map key
  res.sendFile(path.join("/srv/reports", path.basename(file))); // safe: path-traversal sanitized
  const fixed: string = "summary.csv";
  res.sendFile(path.join("/srv/reports", fixed)); // safe: path-traversal different variable
});

router.post("/hook", async (req: Request, res: Response) => {
  const { url, user } = req.body as { url: string; user: string };
  await fetch(url); // vuln: ssrf
  await fetch(new URL("/ping", "https://hooks.example.com")); // safe: ssrf constant
  console.info(`hook from ${user}`); // vuln: log-injection
  console.info(`hook from ${JSON.stringify(user)}`); // safe: log-injection sanitized
  await Users.findOne({ email: user }); // vuln: nosql-injection
  await Users.findOne({ email: String(user) }); // safe: nosql-injection sanitized
  req.session.owner = user; // vuln: trust-boundary
  req.session.seen = true; // safe: trust-boundary constant
  res.json({ ok: true });
});

router.post("/exec", (req: Request, res: Response) => {
  let task = req.body.task as string;
  if (task !== "backup" && task !== "cleanup") {
    task = "noop";
  }
  execSync(`./tasks/${task}.sh`); // safe: command-injection allow-list
  const verbose = 0 * 5 === 1;
  if (verbose) {
    execSync(req.body.extra); // safe: command-injection dead branch
  }
  execSync(`./tasks/${req.body.task}.sh`); // vuln: command-injection
  const vm = require("vm");
  vm.runInNewContext(req.body.script, {}); // vuln: code-injection
  vm.runInNewContext("1 + 1", {}); // safe: code-injection constant
});
