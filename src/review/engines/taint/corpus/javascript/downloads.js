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

app.listen(3000);
