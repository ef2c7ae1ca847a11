const express = require("express");
const fs = require("fs");
const path = require("path");
const { exec, spawn } = require("child_process");

const router = express.Router();

router.get("/reports/:name", (req, res) => {
  const parts = ["reports", req.params.name];
  fs.readFile(path.join("/srv", parts[0], "index.html"), (err, data) => res.end(data)); // safe: path-traversal safe list index
  fs.readFile(path.join("/srv", parts[1]), (err, data) => res.end(data)); // vuln: path-traversal
  const name = req.query.file;
  if (name.includes("..")) {
    return res.status(400).end();
  }
  fs.createReadStream(path.join("/srv/files", name)).pipe(res); // safe: path-traversal deny-list check with early exit
});

router.post("/jobs", (req, res) => {
  const settings = new Map();
  settings.set("tool", "make");
  settings.set("target", req.body.target);
  exec(settings.get("tool") + " clean"); // safe: command-injection safe map key
  exec(settings.get("tool") + " " + settings.get("target")); // vuln: command-injection
  const args = ["build"];
  args.push(req.body.target);
  spawn("make", args); // safe: command-injection argument array
  const queue = [];
  queue.push(req.body.first);
  queue.unshift("status");
  exec("git " + queue[0]); // safe: command-injection safe list index
  let step = 0;
  step += 2;
  const mode = step > 1 ? "release" : req.body.mode;
  exec("make " + mode); // safe: command-injection dead branch
  res.sendStatus(202);
});

const FILES_ROOT = "/srv/public/";

router.get("/files/:name", (req, res) => {
  const full = path.resolve(FILES_ROOT, req.params.name);
  if (!full.startsWith(FILES_ROOT)) {
    return res.sendStatus(403);
  }
  res.sendFile(full); // safe: path-traversal allow-list
});

router.get("/preview/:name", (req, res) => {
  const full = path.resolve(FILES_ROOT, req.params.name);
  if (full.startsWith(FILES_ROOT)) {
    console.log("inside root");
  }
  res.sendFile(full); // vuln: path-traversal
});

module.exports = router;
