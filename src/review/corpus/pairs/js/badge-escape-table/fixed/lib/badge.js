const express = require('express');

const app = express();
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeXml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}

app.get('/badge', (req, res) => {
  const label = req.query.label || 'build';
  res.set('Content-Type', 'image/svg+xml');
  res.send(`<svg xmlns="http://www.w3.org/2000/svg"><text x="5" y="14">${escapeXml(label)}</text></svg>`); // safe: xss escaped by a table
});

module.exports = app;
