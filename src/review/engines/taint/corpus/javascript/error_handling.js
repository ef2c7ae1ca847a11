// Express handlers whose error paths return early: the code after the try still runs.
const express = require("express");
const { execFile, exec } = require("child_process");
const router = express.Router();

router.post("/import", (req, res) => {
  let payload;
  try {
    payload = JSON.parse(req.body.raw);
  } catch (err) {
    return res.status(400).send("invalid JSON");
  }
  exec(`import-tool --source ${req.body.source}`); // vuln: command-injection
  execFile("import-tool", ["--count", String(payload.length)]); // safe: command-injection argument array
  res.send(`<p>Imported from ${req.body.source}</p>`); // vuln: xss
});

router.get("/page", (req, res) => {
  let page = 1;
  try {
    page = parseInt(req.query.page, 10);
  } catch (e) {
    return res.status(400).end();
  } finally {
    res.set("X-Handled", "1");
  }
  res.send(`<p>Page ${page}</p>`); // safe: xss parsed integer
});

module.exports = router;
