const express = require('express');
const fs = require('fs');
const path = require('path');

const router = express.Router();
const DOCS = path.join(__dirname, '..', 'docs');

router.get('/docs/*', (req, res) => {
  const rel = path.normalize(req.params[0]);
  if (rel.startsWith('..') || path.isAbsolute(rel)) {
    return res.sendStatus(400);
  }
  const file = path.join(DOCS, rel);
  if (!fs.existsSync(file)) return res.sendStatus(404);
  res.type('text/markdown');
  res.send(fs.readFileSync(file, 'utf8')); // safe: path-traversal normalized, no leading .., not absolute
});

module.exports = router;
