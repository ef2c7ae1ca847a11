const { compileExpression } = require('filtrex');

function compileFilter(condition) {
  const test = compileExpression(condition);
  return (row) => test(row);
}

function applyFilter(rows, condition) {
  if (!condition) return rows;
  const keep = compileFilter(condition);
  return rows.filter((row) => keep(row));
}

module.exports = { compileFilter, applyFilter };
