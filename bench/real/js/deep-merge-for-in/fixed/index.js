'use strict';

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(target, ...sources) {
  for (const source of sources) {
    if (!isPlainObject(source)) continue;
    for (const key in source) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
      const value = source[key];
      if (isPlainObject(value)) {
        if (!isPlainObject(target[key])) target[key] = {};
        merge(target[key], value);
      } else {
        target[key] = value;
      }
    }
  }
  return target;
}

module.exports = merge;
module.exports.default = merge;
