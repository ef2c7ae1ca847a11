const express = require('express');
const escapeHtml = require('escape-html');
const index = require('./index.json');

const app = express();

app.get('/search', (req, res) => {
  const q = (req.query.q || '').toString();
  const hits = index.filter((doc) => doc.title.toLowerCase().includes(q.toLowerCase())).slice(0, 20);
  const items = hits.map((h) => `<li><a href="/docs/${encodeURIComponent(h.slug)}">${h.title}</a></li>`).join('');
  res.send('<h2>Results for ' + escapeHtml(q) + '</h2><ul>' + items + '</ul>');
});

app.listen(3000);
