// A CMS's preview and mail-merge endpoints: a template compiled from what the client sent runs on the server;
// values rendered into the app's own template are only data.
const express = require("express");
const ejs = require("ejs");
const pug = require("pug");
const _ = require("lodash");
const Handlebars = require("handlebars");
const router = express.Router();

const PAGE = "<h1><%= title %></h1><div><%= body %></div>";

router.post("/preview", (req, res) => {
  const html = ejs.render(req.body.template, { user: req.user }); // vuln: code-injection
  res.type("html").send(html);
});

router.post("/preview-safe", (req, res) => {
  const html = ejs.render(PAGE, { title: req.body.title, body: req.body.text }); // safe: code-injection a fixed template
  res.type("html").send(html);
});

router.post("/mail", (req, res) => {
  const merge = _.template(req.body.subject); // vuln: code-injection
  const card = Handlebars.compile("Dear {{name}},")({ name: req.body.name }); // safe: code-injection a fixed template
  res.json({ subject: merge(req.body), card });
});

router.post("/badge", (req, res) => {
  res.type("html").send(pug.render("p= label", { label: req.body.label })); // safe: code-injection a fixed template
  res.type("html").send(pug.render("p " + req.body.label)); // vuln: code-injection
});

module.exports = router;
