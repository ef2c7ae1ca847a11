const http = require("http");
const fs = require("fs");
const path = require("path");

const root = path.join(__dirname, "public");

http
  .createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    const file = path.join(root, pathname);
    fs.createReadStream(file).pipe(res); // vuln: path-traversal
  })
  .listen(8080);
