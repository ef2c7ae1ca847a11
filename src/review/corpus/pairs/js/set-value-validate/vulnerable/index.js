'use strict';

const isObject = (val) => val !== null && (typeof val === 'object' || typeof val === 'function');

function setValue(target, path, value) {
  if (!isObject(target)) return target;
  const keys = Array.isArray(path) ? path : String(path).split('.');
  const len = keys.length;
  let obj = target;
  for (let i = 0; i < len; i++) {
    const key = keys[i];
    if (i === len - 1) {
      obj[key] = value;
      break;
    }
    if (!isObject(obj[key])) obj[key] = {}; // vuln: prototype-pollution
    obj = obj[key];
  }
  return target;
}

module.exports = setValue;
