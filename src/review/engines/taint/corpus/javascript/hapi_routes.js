// A module of hapi routes, loaded by the server elsewhere: handlers take (request, h); a string response is HTML
// unless a type is set, an object is JSON.
const Boom = require("@hapi/boom");

module.exports = [
  {
    method: "GET",
    path: "/hello",
    handler: (request, h) => {
      const name = request.query.name || "world";
      return h.response("<h1>Hello " + name + "</h1>"); // vuln: xss
    },
  },
  {
    method: "GET",
    path: "/hello.txt",
    handler: (request, h) => {
      return h.response("Hello " + request.query.name).type("text/plain"); // safe: xss plain text
    },
  },
  {
    method: "GET",
    path: "/hello.json",
    handler: (request, h) => h.response({ greeting: request.query.name }), // safe: xss JSON body
  },
  {
    method: "GET",
    path: "/out",
    handler: (request, h) => {
      const next = request.query.next;
      if (!next || !next.startsWith("/") || next.startsWith("//")) throw Boom.badRequest("bad next");
      return h.redirect(next); // safe: open-redirect a path on this site
    },
  },
  {
    method: "GET",
    path: "/away",
    handler: (request, h) => h.redirect(request.query.to), // vuln: open-redirect
  },
];
