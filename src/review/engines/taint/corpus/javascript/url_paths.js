// Small static file servers on Node's http module, reading the path as a WHATWG URL parses it, or as url.parse did.
const http = require("http");
const path = require("path");
const fs = require("fs");
const url = require("url");

const root = path.resolve("public");

http.createServer((req, res) => {
  const { pathname } = new URL(req.url, "http://localhost");
  fs.createReadStream(path.join(root, pathname)).pipe(res); // safe: path-traversal the URL parser resolved its dot segments
}).listen(8080);

http.createServer((req, res) => {
  const target = new URL(req.url, `http://${req.headers.host}`);
  fs.readFile(path.join(root, target.pathname), (err, data) => res.end(data)); // safe: path-traversal pathname of a parsed URL
}).listen(8081);

http.createServer((req, res) => {
  const target = new URL(req.url, "http://localhost");
  const file = path.join(root, decodeURIComponent(target.pathname));
  fs.createReadStream(file).pipe(res); // vuln: path-traversal decoding turns ..%2f back into ../
}).listen(8082);

http.createServer((req, res) => {
  const { pathname } = url.parse(req.url);
  fs.createReadStream(path.join(root, pathname)).pipe(res); // vuln: path-traversal url.parse keeps dot segments
}).listen(8083);

http.createServer((req, res) => {
  const name = path.basename(req.url);
  fs.createReadStream(path.join(root, decodeURIComponent(name))).pipe(res); // vuln: path-traversal a base name decoded after the check
}).listen(8084);

http.createServer((req, res) => {
  const target = new URL(req.url, "http://localhost");
  res.end(`<p>${target.pathname}</p>`); // vuln: xss the path is still the request's text
}).listen(8085);
