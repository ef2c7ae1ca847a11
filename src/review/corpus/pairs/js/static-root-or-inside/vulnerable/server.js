const http = require('http');
const path = require('path');
const fs = require('fs');

const root = path.resolve(process.argv[2] || '.');

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const file = path.join(root, decodeURIComponent(url.pathname));
  fs.readFile(file, (err, data) => { // vuln: path-traversal
    if (err) {
      res.statusCode = 404;
      res.end('Not found');
      return;
    }
    res.end(data);
  });
});

server.listen(process.env.PORT || 8080);
