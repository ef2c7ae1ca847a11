// A catalogue's search routes, and a helper module, building regular expressions from what they are given.
const express = require("express");
const escapeStringRegexp = require("escape-string-regexp");
const _ = require("lodash");
const { items, tags, catalogueIndex } = require("./catalogue");

const router = express.Router();

router.get("/search", (req, res) => {
  const re = new RegExp(req.query.q, "i"); // vuln: regex-injection
  res.json(items.filter((i) => re.test(i.name)));
});

router.get("/search-escaped", (req, res) => {
  const re = new RegExp(escapeStringRegexp(String(req.query.q)), "i"); // safe: regex-injection escaped
  res.json(items.filter((i) => re.test(i.name)));
});

router.get("/search-lodash", (req, res) => {
  const re = new RegExp(`^${_.escapeRegExp(req.query.q)}`, "i"); // safe: regex-injection escaped
  res.json(items.filter((i) => re.test(i.name)));
});

router.get("/prefix", (req, res) => {
  const prefix = String(req.query.prefix || "");
  const safe = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp("^" + safe); // safe: regex-injection escape idiom
  res.json(items.filter((i) => re.test(i.sku)));
});

router.get("/tag/:tag", (req, res) => {
  const re = RegExp(`#${req.params.tag}\\b`); // vuln: regex-injection
  res.json(tags.filter((t) => re.test(t)));
});

router.get("/contains", (req, res) => {
  const q = String(req.query.q);
  const re = new RegExp("^[a-z]+$"); // safe: regex-injection fixed pattern
  res.json(items.filter((i) => re.test(i.name) && i.name.includes(q)));
});

router.get("/names", (req, res) => {
  res.json(items.filter((i) => i.name.match(req.query.q))); // vuln: regex-injection
});

router.get("/first-tag", (req, res) => {
  const q = req.query.tag;
  const at = tags.findIndex((t) => t.match(q) !== null); // vuln: regex-injection
  res.json({ at });
});

router.get("/full-text", (req, res) => {
  res.json(catalogueIndex.search(req.query.q)); // safe: regex-injection a search index takes a query
});

router.get("/names-escaped", (req, res) => {
  const q = escapeStringRegexp(String(req.query.q));
  res.json(items.filter((i) => i.name.match(q))); // safe: regex-injection escaped
});

router.get("/names-contain", (req, res) => {
  const q = String(req.query.q).toLowerCase();
  res.json(items.filter((i) => i.name.toLowerCase().includes(q))); // safe: regex-injection plain text test
});

router.get("/route-of", (req, res) => {
  const found = router.match(req.path); // safe: regex-injection a router matches a path
  res.json({ found: Boolean(found) });
});

/** A helper other modules call with a pattern of their own: the pattern is the caller's to choose. */
function grep(lines, pattern) {
  return lines.filter((l) => new RegExp(pattern).test(l)); // safe: regex-injection a library takes its pattern from its caller
}

module.exports = { router, grep };
