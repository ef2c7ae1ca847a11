// Layered settings: later files override earlier ones, nested sections are merged.
function isPlain(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function layer(deep, target, ...layers) {
  for (const settings of layers) {
    if (!isPlain(settings)) continue;
    for (const name in settings) {
      const current = target[name];
      const incoming = settings[name];
      if (incoming === target) continue;
      if (deep && isPlain(incoming)) {
        const base = isPlain(current) ? current : {};
        target[name] = layer(deep, base, incoming); // vuln: prototype-pollution
      } else if (incoming !== undefined) {
        target[name] = incoming;
      }
    }
  }
  return target;
}

module.exports = layer;
