'use strict';
const fs = require('fs');
const path = require('path');

const cache = Object.create(null);

function load(viewsDir, name) {
  const file = path.resolve(viewsDir, name + '.html');
  if (!cache[file]) {
    cache[file] = fs.readFileSync(file, 'utf8');
  }
  return cache[file];
}

function render(viewsDir, name, vars) {
  return load(viewsDir, name).replace(/\{\{(\w+)\}\}/g, (_, k) => (k in vars ? String(vars[k]) : ''));
}

module.exports = { load, render };
