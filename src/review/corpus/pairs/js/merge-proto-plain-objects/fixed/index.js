'use strict';

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

module.exports = function mergeOptions(target, source) {
  for (const key of Object.keys(source)) {
    if (key === '__proto__') continue;
    if (isPlainObject(target[key]) && isPlainObject(source[key])) {
      mergeOptions(target[key], source[key]); // safe: prototype-pollution __proto__ skipped; only plain objects entered
    } else {
      target[key] = source[key];
    }
  }
  return target;
};
