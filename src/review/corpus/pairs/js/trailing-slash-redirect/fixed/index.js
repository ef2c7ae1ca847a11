'use strict';
var fs = require('fs');
var path = require('path');
var parseUrl = require('parseurl');

module.exports = function addSlash(root) {
  return function (req, res, next) {
    var pathname = parseUrl(req).pathname;
    if (pathname.slice(-1) === '/') return next();
    fs.stat(path.join(root, path.normalize(pathname).replace(/^(\.\.[\/\\])+/, '')), function (err, stat) {
      if (err || !stat.isDirectory()) return next();
      // `//evil.example/` would leave the site: collapse the leading slashes first.
      var loc = pathname.replace(/^[\/\\]+/, '/') + '/';
      res.statusCode = 301;
      res.setHeader('Location', loc); // safe: open-redirect leading slashes collapsed to one
      res.end('Redirecting to ' + encodeURI(loc));
    });
  };
};
