// Safe look-alike matrix: each class with sanitized, constant, overwritten, dead branch, different
// variable and safe map key variants next to a vulnerable case.
const fs = require("fs");
const path = require("path");
const PAGES = { home: "/", help: "/help" };
const FILES = { a: "a.txt", b: "b.txt" };

app.get("/m/xss", (req, res) => {
  const v = req.query.v;
  res.send("<p>" + v + "</p>"); // vuln: xss
  res.send("<p>" + escapeHtml(v) + "</p>"); // safe: xss sanitized
  res.send("<p>static</p>"); // safe: xss constant
  let w = req.query.w;
  w = "fixed";
  res.send("<p>" + w + "</p>"); // safe: xss overwritten
  if (false) res.send(v); // safe: xss dead branch
  const label = "ok";
  res.send("<p>" + label + "</p>"); // safe: xss different variable
  res.send("<p>" + PAGES[v] + "</p>"); // safe: xss safe map key
});

app.get("/m/path", (req, res) => {
  const f = req.query.f;
  fs.readFileSync(path.join("/data", f)); // vuln: path-traversal
  fs.readFileSync(path.join("/data", path.basename(f))); // safe: path-traversal sanitized
  fs.readFileSync("/data/index.txt"); // safe: path-traversal constant
  let g = req.query.g;
  g = "index.txt";
  fs.readFileSync("/data/" + g); // safe: path-traversal overwritten
  if (0) fs.readFileSync(f); // safe: path-traversal dead branch
  const h = "readme.txt";
  fs.readFileSync("/data/" + h); // safe: path-traversal different variable
  fs.readFileSync("/data/" + FILES[f]); // safe: path-traversal safe map key
});

app.get("/m/redirect", (req, res) => {
  const to = req.query.to;
  res.redirect(to); // vuln: open-redirect
  res.redirect("/p/" + encodeURIComponent(to)); // safe: open-redirect sanitized
  let back = req.query.back;
  back = "/";
  res.redirect(back); // safe: open-redirect overwritten
  if ("a" === "b") res.redirect(to); // safe: open-redirect dead branch
  const home = "/home";
  res.redirect(home); // safe: open-redirect different variable
  res.redirect(PAGES[to]); // safe: open-redirect safe map key
});
