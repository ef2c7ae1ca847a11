// An Express comments page that cleans what it shows with the sanitizers apps pull in: the xss package's filterXSS,
// a DOMPurify instance made for a jsdom window, xss-filters and html-entities; one route forgets to.
const express = require("express");
const { filterXSS } = require("xss");
const createDOMPurify = require("dompurify");
const { JSDOM } = require("jsdom");
const xssFilters = require("xss-filters");
const htmlEntities = require("html-entities");

const app = express();
const purify = createDOMPurify(new JSDOM("").window);

app.get("/comments/preview", (req, res) => {
  res.send(`<div class="comment">${filterXSS(req.query.body)}</div>`); // safe: xss sanitized
});

app.get("/comments/rich", (req, res) => {
  res.send(`<div class="comment">${purify.sanitize(req.query.body)}</div>`); // safe: xss sanitized
});

app.get("/comments/author", (req, res) => {
  res.send(`<b>${xssFilters.inHTMLData(req.query.author)}</b> <i>${htmlEntities.encode(req.query.site)}</i>`); // safe: xss sanitized
});

app.get("/comments/raw", (req, res) => {
  res.send(`<div class="comment">${req.query.body}</div>`); // vuln: xss
});
