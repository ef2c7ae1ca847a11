// A reverse proxy's error pages. Its own `sanitize` helper (a name mongo-sanitize's default export also
// has) escapes the markup characters; a second helper of the same kind of name only trims.
const http = require("http");
const httpProxy = require("http-proxy");

const proxy = httpProxy.createProxyServer({ target: "http://127.0.0.1:3000" });

function sanitize(input) {
  return input?.replace(/[<>]/g, (c) => encodeURIComponent(c)) ?? "";
}

function tidy(input) {
  return String(input).trim();
}

proxy.on("error", (err, req, res) => {
  res.writeHead(502);
  const host = req.headers && req.headers.host;
  res.end(`Error occurred while trying to proxy: ${sanitize(host)}${sanitize(req.url)}`); // safe: xss own helper escapes < and >
});

http
  .createServer((req, res) => {
    if (req.url.startsWith("/_status")) {
      res.end(`<p>Proxying ${tidy(req.url)}</p>`); // vuln: xss trimmed only
      return;
    }
    proxy.web(req, res);
  })
  .listen(8080);
