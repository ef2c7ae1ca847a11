// Redirects back to the site the browser asked for (the move to HTTPS): the request's own host, then its own path.
// A link cannot choose the Host header its victim's browser sends. A host or path the request names elsewhere, or a
// path alone (which may start with `//`), leads away.
const express = require("express");
const app = express();

app.use((req, res, next) => {
  if (!req.secure) return res.redirect("https://" + req.hostname + req.originalUrl); // safe: open-redirect the request's own host and path
  next();
});

app.use((req, res, next) => {
  if (req.headers["x-forwarded-proto"] === "http") return res.redirect(301, `https://${req.headers.host}${req.url}`); // safe: open-redirect the request's own host and path
  next();
});

app.get("/login/done", (req, res) => {
  res.redirect("https://" + req.hostname + req.query.next); // vuln: open-redirect
});

app.get("/mirror", (req, res) => {
  res.redirect(`https://${req.query.host}${req.originalUrl}`); // vuln: open-redirect
});

app.get("/docs", (req, res) => {
  res.redirect(req.originalUrl + "/"); // vuln: open-redirect
});

// Relative references with a fixed first segment stay on the site, whatever query follows.
app.post("/oauth/form-post", (req, res) => {
  res.redirect(303, `./callback?${new URLSearchParams(req.body)}`); // safe: open-redirect relative path
});

app.get("/oauth/start", (req, res) => {
  res.redirect("login?return=" + encodeURIComponent(req.query.next)); // safe: open-redirect relative path
});

app.get("/oauth/back", (req, res) => {
  res.redirect(req.query.base + "/callback"); // vuln: open-redirect
});

app.listen(3000);
