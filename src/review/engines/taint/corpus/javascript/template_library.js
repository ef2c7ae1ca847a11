// A mail package's API: it compiles the template its caller passes, as a rendering library is asked to; a template it
// builds around a caller's value is its own doing.
const _ = require("lodash");

function renderTemplate(template, data) {
  return _.template(template)(data); // safe: code-injection the caller's own template, compiled as asked
}

function greeting(name) {
  return _.template("<p>Hello " + name + "!</p>")({}); // vuln: code-injection
}

module.exports = { renderTemplate, greeting };
