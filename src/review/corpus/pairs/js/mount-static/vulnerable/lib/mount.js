'use strict';
const fs = require('fs');
const path = require('path');

class Mount {
  constructor(dir, prefix) {
    this.dir = path.resolve(dir);
    this.prefix = prefix || '/';
  }

  pathFor(urlPath) {
    const rest = decodeURIComponent(urlPath.slice(this.prefix.length));
    return path.join(this.dir, rest);
  }

  handle(req, res, next) {
    if (!req.url.startsWith(this.prefix)) return next();
    const file = this.pathFor(req.url.split('?')[0]);
    fs.stat(file, (err, stat) => {
      if (err || !stat.isFile()) return next();
      res.setHeader('Content-Length', stat.size);
      fs.createReadStream(file).pipe(res); // vuln: path-traversal
    });
  }
}

module.exports = (dir, prefix) => {
  const m = new Mount(dir, prefix);
  return (req, res, next) => m.handle(req, res, next);
};
