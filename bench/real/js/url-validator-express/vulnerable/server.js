const express = require('express');
const crypto = require('crypto');

const app = express();
app.use(express.urlencoded({ extended: false }));
const links = new Map();

const URL_RE = /^(https?:\/\/)?([\w-]+\.)+[\w-]+(\/[\w\- .\/?%&=]*)*$/;

app.post('/shorten', (req, res) => {
  const { url } = req.body;
  if (!URL_RE.test(url)) return res.status(422).send('not a url');
  const id = crypto.randomBytes(4).toString('hex');
  links.set(id, url);
  res.send(`/s/${id}`);
});

app.get('/s/:id', (req, res) => (links.has(req.params.id) ? res.redirect(links.get(req.params.id)) : res.sendStatus(404)));
app.listen(3000);
