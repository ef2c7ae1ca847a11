'use strict';

const hasOwn = Object.prototype.hasOwnProperty;

module.exports = function setPath(obj, path, value) {
  const parts = String(path).split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const k = parts[i];
    if (!hasOwn.call(cur, k)) cur[k] = {};
    cur = cur[k];
  }
  cur[parts[parts.length - 1]] = value; // safe: prototype-pollution the walk steps into own keys only
  return obj;
};
