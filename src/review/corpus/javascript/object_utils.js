// Object helpers as small npm packages write them: a defaults-deep, a mixin, a dot-path setter and
// getter, a query-string expander; each vulnerable helper is followed by the release that fixed it.
"use strict";

function defaultsDeep(target, ...sources) {
  for (const source of sources) {
    Object.entries(source).forEach(([key, value]) => {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        target[key] = target[key] || {};
        defaultsDeep(target[key], value); // vuln: prototype-pollution
      } else if (target[key] === undefined) {
        target[key] = value;
      }
    });
  }
  return target;
}

function isPrototypeKey(key) {
  return key === "__proto__" || key === "constructor" || key === "prototype";
}

function defaultsDeepFixed(target, ...sources) {
  for (const source of sources) {
    Object.entries(source).forEach(([key, value]) => {
      if (isPrototypeKey(key)) return;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        target[key] = target[key] || {};
        defaultsDeepFixed(target[key], value); // safe: prototype-pollution guarded by a helper
      } else if (target[key] === undefined) {
        target[key] = value;
      }
    });
  }
  return target;
}

function mixin(dest, src) {
  for (const name in src) {
    if (typeof src[name] === "object" && src[name] !== null) Object.assign(dest[name] || (dest[name] = {}), src[name]); // vuln: prototype-pollution
    else dest[name] = src[name];
  }
  return dest;
}

function mixinFixed(dest, src) {
  for (const name in src) {
    if (name === "__proto__" || name === "constructor") continue;
    if (typeof src[name] === "object" && src[name] !== null) Object.assign(dest[name] || (dest[name] = {}), src[name]); // safe: prototype-pollution guarded
    else dest[name] = src[name];
  }
  return dest;
}

// Expands ?user[name]=x&user[role]=y into nested objects (a body-parser's extended mode).
function expandQuery(pairs) {
  const out = {};
  for (const [raw, value] of pairs) {
    const path = raw.replace(/\]/g, "").split("[");
    path.reduce((obj, part, i) => (obj[part] = i === path.length - 1 ? value : obj[part] || {}), out); // vuln: prototype-pollution
  }
  return out;
}

function expandQueryFixed(pairs) {
  const out = new Map();
  for (const [raw, value] of pairs) {
    const path = raw.replace(/\]/g, "").split("[");
    out.set(path.join("."), value); // safe: prototype-pollution map
  }
  return out;
}

function getPath(obj, path) {
  return path.split(".").reduce((o, k) => (o == null ? o : o[k]), obj); // safe: prototype-pollution read only
}

const SLUG = /^([a-z0-9]+-?)+$/; // vuln: redos
const SLUG_FIXED = /^[a-z0-9]+(?:-[a-z0-9]+)*$/; // safe: redos linear
const KEY_VALUE = /^\s*([\w.]+)\s*=\s*(.*?)\s*$/; // vuln: redos
const KEY_VALUE_FIXED = /^([\w.]+)=([^\n]*)$/; // safe: redos linear

module.exports = { defaultsDeep, defaultsDeepFixed, mixin, mixinFixed, expandQuery, expandQueryFixed, getPath, SLUG, SLUG_FIXED, KEY_VALUE, KEY_VALUE_FIXED };
