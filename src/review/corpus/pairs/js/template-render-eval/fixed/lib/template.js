// A tiny template engine: "Hello {{ user.name }}" with expressions evaluated against the data.
exports.render = function render(template, data) {
  return template.replace(/\{\{(.+?)\}\}/g, (_, expr) => {
    return expr
      .trim()
      .split(".")
      .reduce((obj, key) => (obj == null || !Object.prototype.hasOwnProperty.call(obj, key) ? undefined : obj[key]), data); // safe: code-injection no eval
  });
};
