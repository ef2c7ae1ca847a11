function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") continue;
    if (isObject(source[key])) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], source[key]);
    } else {
      target[key] = source[key]; // safe: prototype-pollution key guard
    }
  }
  return target;
}

module.exports = merge;
