// An Express backend that talks to its partners through axios and got instances made once per module.
const express = require('express');
const axios = require('axios');
const got = require('got');

const app = express();
const partner = axios.create({ baseURL: 'https://partner.example.com/v2', timeout: 5000 });
const github = got.extend({ prefixUrl: 'https://api.github.com', responseType: 'json' });
const http = got.extend({ timeout: { request: 5000 }, retry: { limit: 2 } });
const cache = new Map();

app.get('/partner/proxy', async (req, res) => {
  const r = await partner.get(req.query.url); // vuln: ssrf an absolute URL replaces the baseURL
  res.json(r.data);
});

app.get('/partner/orders/:id', async (req, res) => {
  const r = await partner.get('/orders/' + encodeURIComponent(req.params.id)); // safe: ssrf a path under the fixed base
  res.json(r.data);
});

app.post('/partner/hook', async (req, res) => {
  await partner.post(req.body.callback, { ok: true }); // vuln: ssrf
  res.sendStatus(204);
});

app.get('/repos/:owner', async (req, res) => {
  const { body } = await github.get(`repos/${req.params.owner}`); // safe: ssrf a path under the fixed prefix
  res.json(body);
});

app.get('/fetch', async (req, res) => {
  const { body } = await http(req.query.target, { responseType: 'json' }); // vuln: ssrf
  res.json(body);
});

app.get('/cached/:key', (req, res) => {
  res.json({ value: cache.get(req.params.key) }); // safe: ssrf a map's get, not a client's
});
