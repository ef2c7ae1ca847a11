/**
 * set(obj, 'a.b.c', 1) -> { a: { b: { c: 1 } } }
 */
function set(obj, path, value) {
  const parts = Array.isArray(path) ? path : String(path).split('.');
  if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new Error('Refusing to set a prototype property');
  }
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i];
    if (cur[part] === undefined || cur[part] === null) {
      cur[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
    }
    cur = cur[part];
  }
  cur[parts[parts.length - 1]] = value;
  return obj;
}

function get(obj, path, fallback) {
  const parts = String(path).split('.');
  let cur = obj;
  for (const part of parts) {
    if (cur == null) return fallback;
    cur = cur[part];
  }
  return cur === undefined ? fallback : cur;
}

module.exports = { set, get };
