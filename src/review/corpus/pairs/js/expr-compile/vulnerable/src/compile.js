// Compiles a filter expression from the caller's configuration into a predicate.
exports.compile = function compile(expr) {
  return new Function("item", "return (" + expr + ");"); // vuln: code-injection
};
