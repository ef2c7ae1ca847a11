const express = require("express");
const { layout } = require("../lib/html");
const catalog = require("../lib/catalog");

const router = express.Router();

router.get("/search", async (req, res) => {
  const q = req.query.q || "";
  const hits = await catalog.search(q);
  res.send(layout("Search", `<h1>Results for ${q}</h1><p>${hits.length} found</p>`)); // vuln: xss
});

module.exports = router;
