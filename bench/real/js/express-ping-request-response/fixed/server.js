const express = require('express');
const run = require('child_process').exec;

const app = express();

app.get('/health', (request, response) => response.json({ ok: true }));

app.get('/diag/ping', (request, response) => {
  const host = request.query.host || '127.0.0.1';
  if (typeof host !== 'string' || !/^[a-zA-Z0-9.-]{1,253}$/.test(host)) {
    response.status(400).send('invalid host');
    return;
  }
  run(`ping -c 3 ${host}`, { timeout: 10000 }, (error, stdout) => {
    if (error) {
      response.status(502).send('ping failed');
      return;
    }
    response.type('text/plain').send(stdout);
  });
});

app.listen(process.env.PORT || 3000);
