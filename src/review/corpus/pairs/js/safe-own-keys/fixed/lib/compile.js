function wrap(partial) {
  return typeof partial === "function" ? partial : () => String(partial);
}

// Rewrites the template's own partials in place: keys of the target itself, nothing copied in.
exports.prepare = function prepare(template) {
  for (const name in template.partials) {
    template.partials[name] = wrap(template.partials[name]); // safe: prototype-pollution keys of the target itself
  }
  return template;
};

function isPlain(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// A deep extend that only descends into the target's own properties.
exports.extend = function extend(target, source) {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value && typeof value === "object") {
      target[key] = extend(Object.prototype.hasOwnProperty.call(target, key) && isPlain(target[key]) ? target[key] : {}, value); // safe: prototype-pollution own-key check on the target
    } else {
      target[key] = value;
    }
  }
  return target;
};

// Counts characters: a key per character, written once, no descent.
exports.histogram = function histogram(text) {
  const counts = {};
  Array.from(text).forEach((ch) => {
    counts[ch] = (counts[ch] || 0) + 1;
  });
  return text.split(",").reduce((acc, part) => {
    acc[part] = true; // safe: prototype-pollution one level, no descent
    return acc;
  }, counts);
};
