exports.globalObject = function globalObject(fallback) {
  try {
    return new Function("return this")(); // safe: code-injection constant
  } catch {
    return fallback;
  }
};
