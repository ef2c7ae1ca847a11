const he = require('he');

function hello({ query }, res) {
  const name = query.name || 'stranger';
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><h1>Hello, ${he.encode(name)}!</h1>`);
}

module.exports = { hello, encode: he.encode };
