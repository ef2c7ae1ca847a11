// Middleware and proxies: a request carries the caller's data in its request members only; what the app's own
// middleware hangs on it (the app object, the session, the mounted list) is the program's, and a callback the
// proxy is given the request whole makes the response body from the upstream's.
const express = require("express");
const session = require("express-session");
const Cookie = require("./cookie");
const auth = require("basic-auth");
const requestIp = require("request-ip");
const db = require("./db");

function adminRoutes(app) {
  app.get("/admin/signout", (req, res) => {
    const site = req.site;
    req.session.destroy(() => {
      res.redirect(site.get("signout redirect")); // safe: open-redirect the app's setting, hung on the request
    });
  });

  app.get("/admin/error", (req, res) => {
    const site = req.site;
    res.status(500).send(site.wrapHtmlError("Error", "the list " + req.list.key + " failed")); // safe: xss middleware state
  });

  app.get("/admin/back", (req, res) => {
    res.redirect(req.query.back); // vuln: open-redirect
  });

  app.post("/admin/lang", (req, res) => {
    req.session.lang = req.body.lang; // vuln: trust-boundary
    res.redirect(req.baseUrl + "/settings"); // safe: open-redirect mount path after a session write
  });
}

function sessionMiddleware(options) {
  const cookieOptions = options.cookie || {};
  return function session(req, res, next) {
    req.session.cookie = new Cookie(typeof cookieOptions === "function" ? cookieOptions(req) : cookieOptions); // safe: trust-boundary the app's cookie settings
    next();
  };
}

function responseInterceptor(interceptor) {
  return async function intercept(proxyRes, req, res) {
    const chunks = [];
    proxyRes.on("data", (c) => chunks.push(c));
    proxyRes.on("end", async () => {
      const body = Buffer.from(await interceptor(Buffer.concat(chunks), proxyRes, req, res));
      res.write(body); // safe: xss the upstream's body as the callback rewrote it
      res.end();
    });
  };
}

// A package given the request whole reads it for what it returns: the Authorization header's user, a header's address.
function audit(app) {
  app.get("/admin/audit", async (req, res) => {
    const credentials = auth(req);
    const rows = await db.query("SELECT * FROM audit WHERE user = '" + credentials.name + "'"); // vuln: sql-injection
    res.send("<p>" + requestIp.getClientIp(req) + ": " + rows.length + "</p>"); // vuln: xss
  });
}

function echoPath(req, res) {
  const shown = decodeURIComponent(req.url);
  res.write("<h1>" + shown + "</h1>"); // vuln: xss
  res.end();
}

module.exports = { audit, adminRoutes, sessionMiddleware, responseInterceptor, echoPath };
