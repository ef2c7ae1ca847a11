// Legacy admin app on sqlite3 with inline requires, Location headers and file utilities.
const sqlite3 = require("sqlite3");
const fs = require("fs");
const path = require("path");

const db = new sqlite3.Database("app.db");
const NOTES = "/srv/notes";

app.get("/notes", (req, res) => {
  db.all("SELECT * FROM notes WHERE owner = '" + req.query.owner + "'", (err, rows) => res.json(rows)); // vuln: sql-injection
  db.all("SELECT * FROM notes WHERE owner = ?", [req.query.owner], (err, rows) => res.json(rows)); // safe: sql-injection parameterized
  db.get(`SELECT * FROM notes WHERE id = ${Number(req.query.id)}`, (err, row) => res.json(row)); // safe: sql-injection number
  db.run("DELETE FROM notes WHERE title = '" + req.body.title + "'"); // vuln: sql-injection
});

app.post("/notes/archive", async (req, res) => {
  await fs.promises.unlink(path.join(NOTES, req.body.name)); // vuln: path-traversal
  fs.appendFileSync(path.join(NOTES, "audit.log"), `${Date.now()} archived\n`); // safe: path-traversal constant
  fs.appendFileSync(path.join(NOTES, path.basename(req.body.log)), "archived\n"); // safe: path-traversal basename
  require("child_process").exec("tar czf /tmp/a.tgz " + req.body.name); // vuln: command-injection
  require("child_process").exec("tar czf /tmp/all.tgz " + NOTES); // safe: command-injection constant
  res.sendStatus(204);
});

app.get("/bounce", (req, res) => {
  res.setHeader("Location", req.query.to); // vuln: open-redirect
  res.setHeader("Location", "/notes"); // safe: open-redirect constant
  res.location(req.query.back); // vuln: open-redirect
  res.location("/notes/" + encodeURIComponent(req.query.back)); // safe: open-redirect fixed path
  res.status(302).end();
});

function showReferrer() {
  const from = document.referrer;
  document.getElementById("from").innerHTML = "You came from " + from; // vuln: xss
  document.getElementById("from2").textContent = "You came from " + from; // safe: xss text content
  const frame = document.getElementById("preview");
  frame.srcdoc = window.name; // vuln: xss
  frame.srcdoc = "<p>empty</p>"; // safe: xss constant
}
