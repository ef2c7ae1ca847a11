// An Express docs site that serves pages from a folder: which file is read is the request's, what it holds the site's.
const express = require('express');
const fs = require('fs');
const fsp = require('fs/promises');
const path = require('path');

const app = express();
const DOCS = path.join(__dirname, 'docs');

app.get('/docs/:page', async (req, res) => {
  const html = await fsp.readFile(path.join(DOCS, req.params.page + '.html'), 'utf8'); // vuln: path-traversal
  res.send(html); // safe: xss the page is the site's own file; which file is the path-traversal question
});

app.get('/raw', (req, res) => {
  const text = fs.readFileSync(path.join(DOCS, req.query.name)); // vuln: path-traversal
  res.type('html').send(text); // safe: xss the file's text, not the request's
});

app.get('/greet', (req, res) => {
  const tpl = fs.readFileSync(path.join(DOCS, 'greet.html'), 'utf8');
  res.send(tpl.replace('{{name}}', req.query.name)); // vuln: xss
});
