// A plain node:http server (no framework): redirects written with the status line's headers.
const http = require("node:http");

const ALLOWED = new Set(["docs.example.com", "shop.example.com"]);

module.exports = http.createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  const to = url.searchParams.get("to") || "/";
  if (url.pathname === "/out") {
    res.writeHead(302, { Location: to }); // vuln: open-redirect
    return res.end();
  }
  if (url.pathname === "/moved") {
    res.writeHead(301, "Moved Permanently", { location: to, "Cache-Control": "no-store" }); // vuln: open-redirect
    return res.end();
  }
  if (url.pathname === "/login") {
    res.writeHead(302, { Location: "/login?next=" + encodeURIComponent(to) }); // safe: open-redirect fixed path first
    return res.end();
  }
  if (url.pathname === "/partner") {
    const target = new URL(to, "https://docs.example.com");
    if (!ALLOWED.has(target.hostname)) {
      res.writeHead(400);
      return res.end("bad target");
    }
    res.writeHead(302, { Location: target.href }); // safe: open-redirect host allow-list
    return res.end();
  }
  if (url.pathname === "/next") {
    const headers = { "Cache-Control": "no-store" };
    headers.Location = to;
    res.writeHead(303, headers); // vuln: open-redirect Location written on the headers object
    return res.end();
  }
  if (url.pathname === "/again") {
    const moved = { location: to, "Cache-Control": "no-store" };
    res.writeHead(301, moved); // vuln: open-redirect headers object declared with a location
    return res.end();
  }
  if (url.pathname === "/proxy") {
    const cors = { "Access-Control-Allow-Origin": url.searchParams.get("origin") || "*" };
    if (!to.startsWith("https://")) {
      res.writeHead(400, "Bad target", cors); // safe: open-redirect no location before this call
      return res.end();
    }
    cors.location = to;
    res.writeHead(301, cors); // vuln: open-redirect location written before this call
    return res.end();
  }
  if (url.pathname === "/file") {
    const download = contentHeaders(url.pathname, to);
    res.writeHead(200, download); // safe: open-redirect content headers a helper built
    return res.end();
  }
  res.writeHead(200, { "Content-Type": "text/plain", "X-Requested": to }); // safe: open-redirect not a Location header
  res.end("ok");
});

function contentHeaders(pathname, name) {
  return { "Content-Type": "application/octet-stream", "Content-Disposition": `attachment; filename="${name}"`, "X-Path": pathname };
}
