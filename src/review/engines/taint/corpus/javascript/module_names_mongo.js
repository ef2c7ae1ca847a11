// mongo-sanitize's default export takes operator keys out of a query object; a file path is not its business.
const express = require("express");
const path = require("path");
const sanitize = require("mongo-sanitize");
const Note = require("./models/note");
const app = express();

app.get("/notes", async (req, res) => {
  res.json(await Note.find({ tag: sanitize(req.query.tag) })); // safe: nosql-injection mongo-sanitize
});

app.get("/attachments/:name", (req, res) => {
  res.sendFile(path.join(__dirname, "attachments", sanitize(req.params.name))); // vuln: path-traversal
});

app.listen(3000);
