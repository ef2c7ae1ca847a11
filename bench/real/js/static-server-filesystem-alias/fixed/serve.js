#!/usr/bin/env node
const http = require('http');
const FileSystem = require('fs');
const Path = require('path');

const root = Path.resolve(process.argv[2] || '.');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

function handle(req, res) {
  const url = new URL(req.url, 'http://localhost');
  let file = Path.join(root, decodeURIComponent(url.pathname));
  if (file.endsWith(Path.sep)) file = Path.join(file, 'index.html');
  if (file !== root && !file.startsWith(root + Path.sep)) {
    res.writeHead(403);
    return res.end('forbidden');
  }
  FileSystem.stat(file, (err, st) => {
    if (err || !st.isFile()) {
      res.writeHead(404);
      return res.end('not found');
    }
    res.writeHead(200, { 'content-type': types[Path.extname(file)] || 'application/octet-stream' });
    FileSystem.createReadStream(file).pipe(res);
  });
}

http.createServer(handle).listen(Number(process.env.PORT) || 8000, () => console.log(`serving ${root}`));
