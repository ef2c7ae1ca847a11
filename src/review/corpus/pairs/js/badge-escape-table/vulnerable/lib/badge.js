const express = require('express');

const app = express();

app.get('/badge', (req, res) => {
  const label = req.query.label || 'build';
  res.set('Content-Type', 'image/svg+xml');
  res.send(`<svg xmlns="http://www.w3.org/2000/svg"><text x="5" y="14">${label}</text></svg>`); // vuln: xss
});

module.exports = app;
