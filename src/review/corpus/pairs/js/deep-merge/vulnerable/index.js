function isObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function merge(target, source) {
  for (const key of Object.keys(source)) {
    if (isObject(source[key])) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], source[key]);
    } else {
      target[key] = source[key]; // vuln: prototype-pollution
    }
  }
  return target;
}

module.exports = merge;
