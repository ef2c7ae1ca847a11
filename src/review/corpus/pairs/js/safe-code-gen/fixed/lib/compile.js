const OPS = { eq: "===", ne: "!==", lt: "<", gt: ">" };

function compileRule(rule) {
  const op = OPS[rule.op];
  if (!op) throw new Error("unknown operator " + rule.op);
  const value = JSON.stringify(rule.value);
  const field = JSON.stringify(String(rule.field));
  return new Function("row", `return row[${field}] ${op} ${value};`); // safe: code-injection json literals and enum
}

module.exports = { compileRule };
