'use strict';

function evaluate(expression, variables = {}) {
  let expr = String(expression);
  for (const [name, value] of Object.entries(variables)) {
    expr = expr.split(name).join(`(${Number(value)})`);
  }
  return Function('"use strict"; return (' + expr + ');')();
}

module.exports = { evaluate };
