const fs = require("fs");
const path = require("path");

module.exports = function serve(root) {
  const base = path.resolve(root);
  return function (req, res, next) {
    const file = path.join(base, path.normalize(decodeURIComponent(req.url.split("?")[0])));
    if (path.relative(base, file).startsWith("..")) {
      res.statusCode = 403;
      return res.end();
    }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) return next();
      fs.createReadStream(file).pipe(res); // safe: path-traversal relative containment then return
    });
  };
};
