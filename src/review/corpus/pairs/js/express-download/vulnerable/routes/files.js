const express = require("express");
const path = require("path");

const router = express.Router();

router.get("/download", (req, res) => {
  const name = req.query.name;
  res.sendFile(path.join(__dirname, "..", "uploads", name)); // vuln: path-traversal
});

module.exports = router;
