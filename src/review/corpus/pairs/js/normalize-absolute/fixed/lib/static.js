'use strict';
const fs = require('fs');
const path = require('path');
const mime = require('mime-types');

module.exports = function serveStatic(root) {
  return function (req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Normalized as an absolute path first, the request path has no `..` left to leave root with.
    const file = path.join(root, path.normalize('/' + req.path));
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) return next();
      res.setHeader('Content-Type', mime.lookup(file) || 'application/octet-stream');
      fs.createReadStream(file).pipe(res); // safe: path-traversal normalized as absolute, then joined
    });
  };
};
