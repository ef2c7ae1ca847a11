// An ODM's schema utilities: keys are checked against a set of the dangerous names that a helper
// module exports (`module.exports = new Set(["__proto__", "constructor", "prototype"])`).
const specialProperties = require("./helpers/specialProperties");
const utils = require("./utils");

function mergeOptions(to, from) {
  for (const key of Object.keys(from)) {
    if (specialProperties.has(key)) continue;
    if (to[key] && typeof from[key] === "object") mergeOptions(to[key], from[key]); // ok: js.prototype-pollution
    else to[key] = from[key];
  }
  return to;
}
// The same walk over a dotted schema path (`setSchemaPath(s, "a.b", v)` sets `s["a"]["b"]`), checked through the utilities
// module's re-export.
function setSchemaPath(schema, path, value) {
  const parts = path.split(".");
  let cur = schema;
  for (let i = 0; i < parts.length - 1; i++) {
    if (utils.specialProperties.has(parts[i])) throw new Error(`Cannot set special property ${parts[i]}`);
    cur = cur[parts[i]] = cur[parts[i]] || {};
  }
  cur[parts[parts.length - 1]] = value; // ok: js.prototype-pollution
}
// A list of the module's own reserved option names is no guard: it does not hold `__proto__`.
const reservedKeys = new Set(["_id", "__v"]);
function mergeDefaults(to, from) {
  for (const key of Object.keys(from)) {
    if (reservedKeys.has(key)) continue;
    if (to[key] && typeof from[key] === "object") mergeDefaults(to[key], from[key]); // expect: js.prototype-pollution
    else to[key] = from[key];
  }
  return to;
}
// Named like a guard but written out here without the dangerous names: judged by what it holds.
const specialKeys = ["$set", "$unset"];
function mergeUpdate(to, from) {
  for (const key of Object.keys(from)) {
    if (specialKeys.includes(key)) continue;
    if (to[key] && typeof from[key] === "object") mergeUpdate(to[key], from[key]); // expect: js.prototype-pollution
    else to[key] = from[key];
  }
  return to;
}
module.exports = { mergeOptions, setSchemaPath, mergeDefaults, mergeUpdate };
