// A module keeps its meaning under the local name a file gives it, even a name the rules know from another
// library: `sanitize` is sanitize-filename's default export here, mongo-sanitize's in the next file's idiom.
const express = require("express");
const path = require("path");
const sanitize = require("sanitize-filename");
const app = express();
const ROOT = path.join(__dirname, "public");

app.get("/files/:name", (req, res) => {
  res.sendFile(path.join(ROOT, sanitize(req.params.name))); // safe: path-traversal sanitize-filename under its usual name
});

app.get("/raw/:name", (req, res) => {
  res.sendFile(path.join(ROOT, req.params.name)); // vuln: path-traversal
});

app.listen(3000);
