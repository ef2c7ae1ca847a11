const http = require("http");
const fs = require("fs");
const path = require("path");

const root = path.join(__dirname, "public");

http
  .createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    const file = path.resolve(root, "." + pathname);
    if (!file.startsWith(root + path.sep)) {
      res.statusCode = 403;
      return res.end();
    }
    fs.createReadStream(file).pipe(res); // safe: path-traversal containment then return
  })
  .listen(8080);
