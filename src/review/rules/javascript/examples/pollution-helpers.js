// An object-path utility that routes every write through one helper of its own, as large utility
// libraries do, and keeps a type test for prototype objects beside its key iteration.

/** Whether a value is some constructor's prototype object (a type test, not a key check). */
function isPrototype(value) {
  const Ctor = value && value.constructor;
  return value === ((typeof Ctor === "function" && Ctor.prototype) || Object.prototype);
}
function ownKeys(object) {
  return isPrototype(object) ? [] : Object.keys(object);
}
/** Writes unless the object already holds an equal value: every write of the module goes through here. */
function writeKey(object, key, value) {
  if (!(Object.prototype.hasOwnProperty.call(object, key) && object[key] === value)) {
    object[key] = value;
  }
}
/** `"a[0][1].b"` → `["a", "0", "1", "b"]`. */
function toPath(path) {
  return Array.isArray(path) ? path : String(path).replace(/\[(\d+)\]/g, ".$1").replace(/^\./, "").split(".");
}
// `setPath(o, "constructor.prototype.admin", true)`: the walk reaches Object.prototype and writes there.
function setPath(object, path, value) {
  const parts = toPath(path);
  let nested = object;
  for (let i = 0; i < parts.length && nested != null; i++) {
    const key = parts[i];
    writeKey(nested, key, i === parts.length - 1 ? value : (nested[key] ?? {})); // expect: js.prototype-pollution
    nested = nested[key];
  }
  return object;
}
// The release that fixed it: the walk stops at a key that reaches a prototype.
function setPathFixed(object, path, value) {
  const parts = toPath(path);
  let nested = object;
  for (let i = 0; i < parts.length && nested != null; i++) {
    const key = parts[i];
    if (key === "__proto__" || key === "constructor" || key === "prototype") return object;
    writeKey(nested, key, i === parts.length - 1 ? value : (nested[key] ?? {})); // ok: js.prototype-pollution
    nested = nested[key];
  }
  return object;
}
// A copy by path writes into objects the walk made itself: a fresh object per step is no shared prototype.
function copyKeys(source) {
  const out = {};
  for (const key of ownKeys(source)) writeKey(out, key, source[key]); // ok: js.prototype-pollution
  return out;
}
module.exports = { setPath, setPathFixed, copyKeys };
// A path compiler: the path is split once, and the setter it returns walks the parts.
function normalizePath(path) {
  return String(path).split(".");
}
function compileSetter(path) {
  const parts = normalizePath(path);
  return function set(target, value) {
    let i = 0;
    for (; i < parts.length - 1; i++) target = target[parts[i]];
    target[parts[i]] = value; // expect: js.prototype-pollution
  };
}
module.exports.compileSetter = compileSetter;
