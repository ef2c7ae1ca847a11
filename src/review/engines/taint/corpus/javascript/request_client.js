// The `request` HTTP client, loaded by name: a bare `request(url)` sends what the caller chose.
const request = require("request");

function preview(req, res) {
  const target = req.query.target;
  request(target, (err, upstream, body) => res.send(body)); // vuln: ssrf
}

module.exports = { preview };
