// Handlers that name their response `response` or `resp`, as many tutorials and generated apps do: the same
// Express response as `res`. A client's response (fetch, http.get) is no handler's.
const express = require("express");
const path = require("path");
const https = require("https");
const router = express.Router();

router.get("/greet", (request, response) => {
  response.send("<h1>Hello " + request.query.name + "</h1>"); // vuln: xss
  response.send("<h1>Hello</h1>"); // safe: xss constant page
});

router.get("/go", function (request, response) {
  if (request.query.next === "/home") return response.redirect(request.query.next); // safe: open-redirect checked against one path
  response.redirect(request.query.next); // vuln: open-redirect
});

router.get("/files", (req, resp) => {
  resp.download(path.join(__dirname, "public", req.query.file)); // vuln: path-traversal
  resp.download(path.join(__dirname, "public", path.basename(req.query.file))); // safe: path-traversal base name only
});

router.get("/status", ({ query }, response) => {
  response.json({ echo: query.q }); // safe: xss JSON body
  response.status(200).send(`<p>${query.q}</p>`); // vuln: xss
});

function latest(name, done) {
  https.get("https://registry.npmjs.org/" + encodeURIComponent(name), (response) => {
    let body = "";
    response.on("data", (c) => (body += c));
    response.on("end", () => done(JSON.parse(body)));
  });
}

async function fetchTitle(url) {
  const response = await fetch(url);
  const html = await response.text();
  const start = html.indexOf("<title>");
  return start < 0 ? "" : html.slice(start + 7, html.indexOf("</title>", start));
}

module.exports = { router, latest, fetchTitle };
