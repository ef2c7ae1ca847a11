// A small expression language: parsed nodes evaluate themselves against a scope.
class Literal {
  constructor(value) {
    this.value = value;
  }
  evaluate() {
    return this.value;
  }
}

class Lookup {
  constructor(name) {
    this.name = name;
  }
  evaluate(scope) {
    return scope[this.name];
  }
}

class Sum {
  constructor(left, right) {
    this.left = left;
    this.right = right;
  }
  evaluate(scope, strict) {
    return this.left.evaluate(scope, strict) + this.right.evaluate(scope, strict); // safe: xpath-injection not XPath
  }
}

module.exports = { Literal, Lookup, Sum };
