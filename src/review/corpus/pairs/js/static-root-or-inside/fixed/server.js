const http = require('http');
const path = require('path');
const fs = require('fs');

const root = path.resolve(process.argv[2] || '.');

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const file = path.resolve(root, '.' + decodeURIComponent(url.pathname));
  if (file !== root && !file.startsWith(root + path.sep)) {
    res.statusCode = 403;
    res.end('Forbidden');
    return;
  }
  fs.readFile(file, (err, data) => { // safe: path-traversal the root itself or a path inside it, else 403
    if (err) {
      res.statusCode = 404;
      res.end('Not found');
      return;
    }
    res.end(data);
  });
});

server.listen(process.env.PORT || 8080);
