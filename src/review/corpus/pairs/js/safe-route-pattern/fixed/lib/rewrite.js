const http = require("http");
const { compile } = require("./pattern");

module.exports = function serve(rules) {
  return http.createServer((request, response) => {
    const target = new URL(request.url, "http://local").pathname;
    for (const rule of rules) {
      const expression = compile(rule.source);
      const match = expression.exec(target); // safe: command-injection a compiled pattern, not child_process
      if (match) {
        response.statusCode = 200;
        response.end(String(match.length));
        return;
      }
    }
    response.statusCode = 404;
    response.end();
  });
};
