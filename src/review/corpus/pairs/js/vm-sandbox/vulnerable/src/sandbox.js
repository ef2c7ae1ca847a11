const vm = require("vm");

module.exports = function evaluate(code, context) {
  return vm.runInNewContext(code, context, { timeout: 100 }); // vuln: code-injection
};
