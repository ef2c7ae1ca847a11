// Options objects built for a helper: the helper reads the keys it reads, and a request's value under one key
// does not make the others its own; a function not shown may build anything from the object.
const express = require("express");
const fs = require("node:fs");
const path = require("node:path");
const { renderPage } = require("./views");

const app = express();
const ROOT = "/srv/uploads";

function writeUpload(opts) {
  const target = path.join(opts.root, "incoming.bin");
  fs.writeFileSync(target, opts.body); // safe: path-traversal only the body is the request's
}

function openNamed(opts) {
  return fs.createReadStream(path.join(opts.root, opts.name)); // vuln: path-traversal the name key is the request's
}

app.post("/upload", (req, res) => {
  writeUpload({ root: ROOT, body: req.body.data, mode: 0o600 });
  res.sendStatus(204);
});

app.get("/file", (req, res) => {
  openNamed({ root: ROOT, name: req.query.name }).pipe(res);
});

app.get("/greet", (req, res) => {
  const html = renderPage({ title: "Hello", name: req.query.name });
  res.send(html); // vuln: xss a view built from the object
});

app.get("/label", (req, res) => {
  const view = { title: "Labels", label: req.query.label };
  res.type("html").send("<h1>" + view.title + "</h1>"); // safe: xss the title key is fixed
  res.end("<p>" + view.label + "</p>"); // vuln: xss the label key is the request's
});
