const express = require('express');
const fs = require('fs');
const path = require('path');

const router = express.Router();
const DOCS = path.join(__dirname, '..', 'docs');

router.get('/docs/*', (req, res) => {
  const rel = req.params[0];
  const file = path.join(DOCS, rel);
  if (!fs.existsSync(file)) return res.sendStatus(404);
  res.type('text/markdown');
  res.send(fs.readFileSync(file, 'utf8')); // vuln: path-traversal
});

module.exports = router;
