function isUnsafeKey(key) {
  return key === "__proto__" || key === "constructor" || key === "prototype";
}

module.exports = function set(obj, path, value) {
  const keys = path.split(".");
  if (keys.some(isUnsafeKey)) return obj;
  let cur = obj;
  for (let i = 0; i < keys.length - 1; i++) {
    if (typeof cur[keys[i]] !== "object") cur[keys[i]] = {};
    cur = cur[keys[i]];
  }
  cur[keys[keys.length - 1]] = value; // safe: prototype-pollution key guard
  return obj;
};
