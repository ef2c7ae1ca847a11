'use strict';

function splitKey(key) {
  const segments = [];
  const head = key.split('[', 1)[0];
  segments.push(head);
  const re = /\[([^\]]*)\]/g;
  let m;
  while ((m = re.exec(key)) !== null) segments.push(m[1]);
  return segments;
}

function assign(result, key, value) {
  const segments = splitKey(key);
  if (segments.some((s) => s === '__proto__' || s === 'constructor' || s === 'prototype')) return;
  let node = result;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (last) {
      node[segment] = value;
    } else {
      if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = {};
      node = node[segment];
    }
  });
}

module.exports = function parse(query) {
  const result = {};
  for (const pair of query.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const [k, v = ''] = pair.split('=');
    assign(result, decodeURIComponent(k), decodeURIComponent(v.replace(/\+/g, ' ')));
  }
  return result;
};
