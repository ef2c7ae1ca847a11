const log = require("./log");

function renderKey(ctx, key) {
  if (!ctx.warned && typeof key === "object") {
    log.warn(ctx.options.logLevel, `keys with collection values are stringified: ${ctx.indent}${key}`); // safe: log-injection a renderer's own context
    ctx.warned = true;
  }
  return ctx.doc.schema.stringify(key);
}

function renderPair(ctx, map, key, value) {
  const k = renderKey(ctx, key);
  map[k] = value;
  return map;
}

module.exports = { renderKey, renderPair };
