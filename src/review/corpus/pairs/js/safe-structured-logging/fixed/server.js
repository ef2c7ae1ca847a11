const express = require('express');
const pino = require('pino');

const logger = pino({ level: process.env.LOG_LEVEL || 'info' });
const app = express();

app.get('/search', (req, res) => {
  logger.info({ q: req.query.q, ip: req.ip }, 'search'); // safe: log-injection logged as a JSON field
  res.json({ results: [] });
});

app.use((err, req, res, next) => {
  logger.error({ err, url: req.originalUrl }, 'request failed'); // safe: log-injection logged as a JSON field
  res.status(500).json({ error: 'internal' });
});

module.exports = app;
