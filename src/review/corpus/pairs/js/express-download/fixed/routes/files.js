const express = require("express");
const path = require("path");

const router = express.Router();

router.get("/download", (req, res) => {
  const name = path.basename(String(req.query.name));
  res.sendFile(path.join(__dirname, "..", "uploads", name)); // safe: path-traversal basename
});

module.exports = router;
