'use strict';

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

module.exports = function mergeOptions(target, source) {
  for (const key of Object.keys(source)) {
    if (isPlainObject(source[key])) {
      target[key] = target[key] || {};
      mergeOptions(target[key], source[key]); // vuln: prototype-pollution
    } else {
      target[key] = source[key];
    }
  }
  return target;
};
