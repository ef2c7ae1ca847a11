const BLOCKED = new Set(["__proto__", "constructor", "prototype"]);

module.exports = function defaults(target, ...sources) {
  for (const source of sources) {
    for (const key in source) {
      if (BLOCKED.has(key)) continue;
      if (target[key] === undefined) target[key] = source[key]; // safe: prototype-pollution key guard
    }
  }
  return target;
};
