'use strict';
const fs = require('fs');
const path = require('path');
const mime = require('mime-types');

module.exports = function serveStatic(root) {
  return function (req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = path.join(root, req.path);
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) return next();
      res.setHeader('Content-Type', mime.lookup(file) || 'application/octet-stream');
      fs.createReadStream(file).pipe(res); // vuln: path-traversal
    });
  };
};
