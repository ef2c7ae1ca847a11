'use strict';
const fs = require('fs');
const path = require('path');

// Serves `file.br` / `file.gz` next to a static asset when the client accepts them.
module.exports = function serveCompressed(options) {
  const root = path.resolve(options.root);

  return function compressed(req, res, next) {
    let file = path.normalize(path.join(root, decodeURIComponent(req.path)));
    const brotli = `${file}.br`;
    const gzipped = file + '.gz';
    const accepts = String(req.headers['accept-encoding'] || '');

    if (file.slice(0, root.length + 1) !== root + path.sep) {
      res.statusCode = 403;
      return res.end();
    }
    const candidate = accepts.includes('br') ? brotli : accepts.includes('gzip') ? gzipped : null;
    if (!candidate) return next();
    fs.stat(candidate, (err, stat) => { // safe: path-traversal the file the variants are named after was checked to lie under the root
      if (err || !stat.isFile()) return next();
      res.setHeader('Content-Encoding', candidate === brotli ? 'br' : 'gzip');
      fs.createReadStream(candidate).pipe(res);
    });
  };
};
