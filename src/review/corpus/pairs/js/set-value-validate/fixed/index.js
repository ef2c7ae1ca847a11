'use strict';

const isObject = (val) => val !== null && (typeof val === 'object' || typeof val === 'function');

const isUnsafeKey = (key) => key === '__proto__' || key === 'constructor' || key === 'prototype';

const validateKey = (key) => {
  if (isUnsafeKey(key)) {
    throw new Error(`Cannot set unsafe key: "${key}"`);
  }
};

function setValue(target, path, value) {
  if (!isObject(target)) return target;
  const keys = Array.isArray(path) ? path : String(path).split('.');
  const len = keys.length;
  let obj = target;
  for (let i = 0; i < len; i++) {
    const key = keys[i];
    validateKey(key);
    if (i === len - 1) {
      obj[key] = value;
      break;
    }
    if (!isObject(obj[key])) obj[key] = {}; // safe: prototype-pollution validateKey throws on unsafe keys
    obj = obj[key];
  }
  return target;
}

module.exports = setValue;
