'use strict';
const { isUnsafeKey, isPlainObject } = require('./utils');

module.exports = function merge(target, source) {
  for (const key in source) {
    if (isUnsafeKey(key)) continue;
    if (isPlainObject(source[key])) {
      target[key] = isPlainObject(target[key]) ? target[key] : {};
      merge(target[key], source[key]); // safe: prototype-pollution imported key check
    } else {
      target[key] = source[key];
    }
  }
  return target;
};
