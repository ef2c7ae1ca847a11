// Exports sent as attachments are saved by the browser, not rendered; the same text sent inline is a page.
const express = require("express");
const app = express();

app.get("/export.csv", (req, res) => {
  res.attachment("contacts.csv");
  res.send(["name,email", `${req.query.name},${req.query.email}`].join("\n")); // safe: xss sent as an attachment
});

app.get("/export", (req, res) => {
  res.setHeader("Content-Disposition", `attachment; filename="notes.txt"`);
  res.send(req.query.notes); // safe: xss sent as an attachment
});

app.get("/preview", (req, res) => {
  res.send(["<pre>", req.query.notes, "</pre>"].join("")); // vuln: xss
});

// The same after a status or a type: a script bundle and a CSV download render as no page.
app.get("/bundles/:chunk", (req, res) => {
  res.setHeader("Content-Type", "application/javascript; charset=UTF-8");
  res.status(200).end(`/* ${req.params.chunk} */`); // safe: xss served as JavaScript
});

app.get("/report", (req, res) => {
  res.attachment("report.csv");
  return res.status(200).send(`name\n${req.query.name}`); // safe: xss sent as an attachment
});

app.get("/report/view", (req, res) => {
  return res.status(200).send(`<h1>${req.query.name}</h1>`); // vuln: xss
});

app.listen(3000);
