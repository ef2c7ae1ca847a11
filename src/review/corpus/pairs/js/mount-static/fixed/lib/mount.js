'use strict';
const fs = require('fs');
const path = require('path');

const FORBIDDEN = 403;

class Mount {
  constructor(dir, prefix) {
    this.dir = path.resolve(dir);
    this.prefix = prefix || '/';
  }

  pathFor(urlPath) {
    const rest = decodeURIComponent(urlPath.slice(this.prefix.length));
    const full = path.resolve(this.dir, '.' + path.sep + rest);
    const rel = path.relative(this.dir, full);
    if (rel === '..' || rel.indexOf('..' + path.sep) === 0 || path.isAbsolute(rel)) return FORBIDDEN;
    return full;
  }

  handle(req, res, next) {
    if (!req.url.startsWith(this.prefix)) return next();
    const file = this.pathFor(req.url.split('?')[0]);
    if (file === FORBIDDEN) {
      res.statusCode = 403;
      return res.end();
    }
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) return next();
      res.setHeader('Content-Length', stat.size);
      fs.createReadStream(file).pipe(res); // safe: path-traversal the helper returns a path only once it lies under the directory
    });
  }
}

module.exports = (dir, prefix) => {
  const m = new Mount(dir, prefix);
  return (req, res, next) => m.handle(req, res, next);
};
