const vm = require('vm');

function compileFilter(condition) {
  const source = '(function (row) { return (' + condition + '); })';
  return vm.runInNewContext(source, {}, { timeout: 50 });
}

function applyFilter(rows, condition) {
  if (!condition) return rows;
  const keep = compileFilter(condition);
  return rows.filter((row) => keep(row));
}

module.exports = { compileFilter, applyFilter };
