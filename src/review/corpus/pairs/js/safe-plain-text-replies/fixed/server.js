const http = require('http');
const express = require('express');

const app = express();

app.get('/echo', (req, res) => {
  res.type('text/plain; charset=utf-8');
  res.send('You said: ' + req.query.msg); // safe: xss plain text
});

http
  .createServer((req, res) => {
    if (req.url.startsWith('/api/')) return app(req, res);
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found', path: req.url })); // safe: xss JSON body
  })
  .listen(3000);
