// Values taken out of a regular expression's match: a group holds only what its pattern admits.
const express = require("express");
const path = require("path");
const { execSync } = require("child_process");

const app = express();
const SIZE = /^(\d{1,4})x(\d{1,4})$/;

app.get("/thumb", (req, res) => {
  const m = SIZE.exec(String(req.query.size));
  if (!m) return res.sendStatus(400);
  execSync(`convert in.png -resize ${m[1]}x${m[2]} out.png`); // safe: command-injection digit groups
  res.sendFile(path.join(__dirname, "thumbs", `${m[0]}.png`)); // safe: path-traversal digits and an x
});

app.get("/branch", (req, res) => {
  const m = String(req.query.ref).match(/^refs\/heads\/(.+)$/);
  if (!m) return res.sendStatus(400);
  execSync("git log " + m[1]); // vuln: command-injection a group of any character
  res.end();
});

app.get("/tag", (req, res) => {
  const m = /^v(\d+)\.(\d+)(?:-([^/]+))?$/.exec(String(req.query.v));
  if (!m) return res.sendStatus(400);
  res.sendFile(path.join(__dirname, "notes", m[1], m[2] + ".md")); // safe: path-traversal digit groups
  execSync("git show v" + m[1] + "." + m[2] + "-" + m[3]); // vuln: command-injection a group of anything but a slash
});

app.get("/locale", (req, res) => {
  const m = /^(?<lang>[a-z]{2})(?:-(?<region>[A-Z]{2}))?(?<rest>.*)$/.exec(String(req.query.l));
  if (!m) return res.sendStatus(400);
  res.sendFile(path.join(__dirname, "locales", m.groups.lang + ".json")); // safe: path-traversal named group of letters
  res.sendFile(path.join(__dirname, "locales", m.groups.rest)); // vuln: path-traversal named group of anything
});
