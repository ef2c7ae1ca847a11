var http = require('http');
var fs = require('fs');
var path = require('path');

module.exports = function createServer(root) {
  return http.createServer(function (req, res) {
    var pathname = decodeURIComponent(req.url.split('?')[0]);
    var file = path.join(root, pathname);
    fs.readFile(file, function (err, data) { // vuln: path-traversal
      if (err) {
        res.statusCode = 404;
        return res.end('not found');
      }
      res.end(data);
    });
  });
};
