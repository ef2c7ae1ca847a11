// A download route that resolves the requested name under a fixed directory and checks the result against that
// directory written out. Resolved first, the check confines it; checked before resolving, or against a prefix
// without its separator, it does not.
const fs = require("fs");
const path = require("path");

function download(req, res) {
  const file = path.resolve("/srv/files", req.query.name);
  if (!file.startsWith("/srv/files/")) return res.sendStatus(403);
  fs.createReadStream(file).pipe(res); // safe: path-traversal resolved then contained
}

function downloadJoined(req, res) {
  const file = path.join("/srv/files", req.params.name);
  if (file.indexOf("/srv/files/") !== 0) return res.sendStatus(403);
  fs.createReadStream(file).pipe(res); // safe: path-traversal joined then contained
}

function downloadRaw(req, res) {
  const file = "/srv/files/" + req.query.name;
  if (!file.startsWith("/srv/files/")) return res.sendStatus(403);
  fs.createReadStream(file).pipe(res); // vuln: path-traversal
}

function downloadNoSeparator(req, res) {
  const file = path.resolve("/srv/files", req.query.name);
  if (!file.startsWith("/srv/files")) return res.sendStatus(403);
  fs.createReadStream(file).pipe(res); // vuln: path-traversal
}

module.exports = { download, downloadJoined, downloadRaw, downloadNoSeparator };
