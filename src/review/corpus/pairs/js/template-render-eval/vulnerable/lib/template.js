// A tiny template engine: "Hello {{ user.name }}" with expressions evaluated against the data.
exports.render = function render(template, data) {
  return template.replace(/\{\{(.+?)\}\}/g, (_, expr) => {
    return eval("data." + expr.trim()); // vuln: code-injection
  });
};
