// Layered settings: later files override earlier ones, nested sections are merged.
function isPlain(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// `__proto__` read off a target is its prototype: never merge into it.
function ownValue(object, name) {
  return name === "__proto__" ? undefined : object[name];
}

function layer(deep, target, ...layers) {
  for (const settings of layers) {
    if (!isPlain(settings)) continue;
    for (const name in settings) {
      const current = ownValue(target, name);
      const incoming = ownValue(settings, name);
      if (incoming === target) continue;
      if (deep && isPlain(incoming)) {
        const base = isPlain(current) ? current : {};
        target[name] = layer(deep, base, incoming); // safe: prototype-pollution value read through a key check
      } else if (incoming !== undefined) {
        target[name] = incoming;
      }
    }
  }
  return target;
}

module.exports = layer;
