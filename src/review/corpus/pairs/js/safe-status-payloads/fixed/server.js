const express = require('express');

const app = express();

app.get('/status', (req, res) => {
  const payload = { ok: true, echo: req.query.echo, at: Date.now() };
  res.send(payload); // safe: xss an object is sent as JSON
});

app.get('/when', (req, res) => {
  const at = new Date(Number(req.query.ts) || req.query.ts).toISOString();
  res.send(`<time datetime="${at}">${at}</time>`); // safe: xss an ISO date string
});

module.exports = app;
