// HTTP client code names its outgoing request `request` too: a fetch wrapper, a cache in front of it, a retrying
// sender. Beside its request such a function takes the options it sends with; a handler takes a response, a reply
// or a context. Handlers of the same shapes keep their findings.
const http = require("http");
const fetch = require("node-fetch");
const Store = require("./store");

// A caching fetch: the cache is looked up with the request it will send, then the request goes out.
const cachedFetch = async (request, options) => {
  const hit = await Store.find(request, options); // safe: nosql-injection outgoing request
  if (hit) return hit;
  return fetch(request, options); // safe: ssrf outgoing request
};

// A retrying sender builds the next attempt from the request it was given.
function send(req, opts) {
  const attempt = new fetch.Request(req.url, { ...opts, redirect: "manual" });
  return fetch(attempt, opts); // safe: ssrf outgoing request
}

// A proxy route handler: the incoming request names the upstream.
async function proxy(req, res) {
  const upstream = await fetch(req.query.url); // vuln: ssrf
  res.statusCode = upstream.status;
  res.end();
}

// Fastify's handler gets a reply beside the request.
async function preview(request, reply) {
  const page = await fetch(request.query.target); // vuln: ssrf
  reply.code(page.status).send();
}

// A handler's helper taking the request and options still reads the request its caller passes.
async function pageOf(req, options) {
  return fetch(`${req.query.origin}/items?limit=${options.limit}`); // vuln: ssrf
}

http.createServer(async (req, res) => {
  const page = await pageOf(req, { limit: 10 });
  res.end(String(page.status));
});

module.exports = { cachedFetch, send, proxy, preview };
