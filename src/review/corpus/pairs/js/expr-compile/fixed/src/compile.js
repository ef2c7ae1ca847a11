// Compiles a filter expression from the caller's configuration into a predicate.
exports.compile = function compile(expr) {
  if (!/^[\w.\s<>=!&|'"]+$/.test(expr)) throw new TypeError("unsupported expression");
  return new Function("item", "return (" + expr + ");"); // safe: code-injection allow-list then throw
};
