const fs = require("fs");
const path = require("path");

module.exports = function serve(root) {
  return function (req, res, next) {
    const file = path.join(root, decodeURIComponent(req.url.split("?")[0]));
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) return next();
      fs.createReadStream(file).pipe(res); // vuln: path-traversal
    });
  };
};
