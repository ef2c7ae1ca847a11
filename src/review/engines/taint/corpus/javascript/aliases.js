// Modules and handler roles known by what they are, not by one tutorial's names.
const FileSystem = require("node:fs");
const { exec: run, execFile: runFile } = require("child_process");
const fsp = require("fs/promises");
const express = require("express");
const app = express();
const router = express.Router();

// `(request, response)`, `(rq, rs)`, a destructured request: the route fixes the roles.
app.get("/download", (rq, rs) => {
  const data = FileSystem.readFileSync("/srv/files/" + rq.query.name); // vuln: path-traversal
  rs.type("application/octet-stream").send(data);
});

app.get("/download-safe", (rq, rs) => {
  const name = rq.query.name;
  if (!/^[\w-]+\.pdf$/.test(name)) return rs.status(400).end();
  rs.send(FileSystem.readFileSync("/srv/files/" + name)); // safe: path-traversal allow-list then return
});

router.post("/ping", function (incoming, outgoing) {
  run("ping -c 1 " + incoming.body.host, (err, out) => outgoing.type("text/plain").send(out)); // vuln: command-injection
});

router.post("/ping-safe", function (incoming, outgoing) {
  runFile("ping", ["-c", "1", incoming.body.host], (err, out) => outgoing.type("text/plain").send(out)); // safe: command-injection argument array
});

app.get("/logs", async ({ query }, res) => {
  const text = await fsp.readFile(`/var/log/app/${query.file}`, "utf8"); // vuln: path-traversal
  res.type("text/plain").send(text);
});

app.get("/logs-safe", async ({ query }, res) => {
  if (!["app.log", "error.log"].includes(query.file)) {
    res.status(404).end();
    return;
  }
  const text = await fsp.readFile(`/var/log/app/${query.file}`, "utf8"); // safe: path-traversal allow-list then return
  res.type("text/plain").send(text);
});

app.get("/report", (request, response) => {
  if (!request.query.id) {
    response.status(400).send("missing id");
  }
  run("report --id " + request.query.id); // vuln: command-injection error response without return
});

app.get("/report-safe", (request, response) => {
  if (!/^\d+$/.test(request.query.id)) {
    response.status(400).send("missing id");
    return;
  }
  run("report --id " + request.query.id); // safe: command-injection return added after the error response
});

// Callbacks that are not handlers keep their roles: a cache lookup's (err, value).
function cached(cache, key) {
  cache.get(key, (err, value) => {
    run("echo cached"); // safe: command-injection constant
  });
}

module.exports = app;
