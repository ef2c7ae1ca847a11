// Prototype pollution look-alikes from published packages' idioms, with a bug of the same shape beside each.
// Matrices and tables filled by counted indices (compilers rename `i` to `_i`, `_i2`): a number picks an element.
function identityMatrix(rows, size, one) {
  let d;
  for (d = 0; d < size; d++) rows[d][d] = one; // ok: js.prototype-pollution
}
function mapCells(grid, n, f) {
  for (var _i2 = 0; _i2 < n; _i2++) for (var _j2 = 0; _j2 < n; _j2++) grid[_i2][_j2] = f(grid[_i2][_j2]); // ok: js.prototype-pollution
}
function storeUnder(registry, scope, name, value) {
  registry[scope][name] = value; // expect: js.prototype-pollution
}
// A copy into elements the function creates at counted positions; the same copy keyed by the source's keys is a merge.
function cloneParts(copy, self) {
  for (let i = 0; i < self.parts.length; i++) {
    copy.parts[i] = {};
    for (const p in self.parts[i]) copy.parts[i][p] = self.parts[i][p]; // ok: js.prototype-pollution
  }
}
function mergeSections(target, src) {
  for (const s in src) {
    for (const p in src[s]) target[s][p] = src[s][p]; // expect: js.prototype-pollution
  }
}
// `key in Object.prototype` refuses __proto__, constructor and every other inherited name.
function extendDeep(a, b) {
  for (const prop in b) {
    if (!(prop in Object.prototype) && b[prop] && typeof b[prop] === "object") extendDeep(a[prop], b[prop]); // ok: js.prototype-pollution
    else a[prop] = b[prop];
  }
}
// Only a few named keys are merged one level down; a list that names __proto__ lets it through.
function assignOptions(target, source) {
  Object.keys(source).forEach((key) => {
    if (["tls", "auth"].includes(key) && typeof source[key] === "object") target[key] = copyKeys(target[key] || {}, source[key]); // ok: js.prototype-pollution
    else target[key] = source[key];
  });
}
function assignLoose(target, source) {
  Object.keys(source).forEach((key) => {
    if (["tls", "__proto__"].includes(key)) target[key] = copyKeys(target[key] || {}, source[key]); // expect: js.prototype-pollution
  });
}
// Defaults filled through an iteration helper's callback (`forOwn(source, (value, key) => …)`): refusing `__proto__`
// alone leaves `constructor.prototype` open to the recursion.
const forOwn = require("for-own");
function fillDefaults(target, source) {
  forOwn(source, function (value, key) {
    if (key === "__proto__") return;
    const current = target[key];
    if (current == null) target[key] = value;
    else if (typeof current === "object" && typeof value === "object") fillDefaults(current, value); // expect: js.prototype-pollution
  });
  return target;
}
function fillDefaultsGuarded(target, source) {
  forOwn(source, function (value, key) {
    if (key === "__proto__" || key === "constructor") return;
    const current = target[key];
    if (current == null) target[key] = value;
    else if (typeof current === "object" && typeof value === "object") fillDefaultsGuarded(current, value); // ok: js.prototype-pollution
  });
  return target;
}
// A configuration store setting `a:b:c` through its own path helper: each part walks one level down.
const common = require("./common");
function ConfigStore() {
  this.store = {};
}
ConfigStore.prototype.set = function (key, value) {
  const path = common.path(key, ":");
  let target = this.store;
  while (path.length > 1) {
    key = path.shift();
    if (!target[key] || typeof target[key] !== "object") target[key] = {}; // expect: js.prototype-pollution
    target = target[key];
  }
  target[path.shift()] = value;
};
ConfigStore.prototype.setOwn = function (key, value) {
  const path = common.path(key, ":");
  let target = this.store;
  while (path.length > 1) {
    key = path.shift();
    if (!Object.prototype.hasOwnProperty.call(target, key)) target[key] = {}; // ok: js.prototype-pollution
    target = target[key];
  }
  target[path.shift()] = value;
};
// A JSON pointer compiled to its parts by the caller (`set(doc, "/a/b", v)` → `setAt(doc, ["", "a", "b"], v)`), each
// part unescaped by a helper: the walk writes where the parts lead.
const unescapePart = (part) => part.replace(/~1/g, "/").replace(/~0/g, "~");
function setAt(doc, pointer, value) {
  let part;
  for (let i = 1; i < pointer.length; i++) {
    part = unescapePart(pointer[i]);
    if (i === pointer.length - 1) break;
    if (doc[part] === undefined) doc[part] = {};
    doc = doc[part];
  }
  doc[part] = value; // expect: js.prototype-pollution
}
function setAtChecked(doc, pointer, value) {
  let part;
  for (let i = 1; i < pointer.length; i++) {
    part = unescapePart(pointer[i]);
    if (part === "__proto__" || part === "constructor" || part === "prototype") return;
    if (i === pointer.length - 1) break;
    if (doc[part] === undefined) doc[part] = {};
    doc = doc[part];
  }
  doc[part] = value; // ok: js.prototype-pollution
}
module.exports = { setAt, setAtChecked, ConfigStore, identityMatrix, mapCells, storeUnder, cloneParts, mergeSections, extendDeep, assignOptions, assignLoose, fillDefaults, fillDefaultsGuarded };
