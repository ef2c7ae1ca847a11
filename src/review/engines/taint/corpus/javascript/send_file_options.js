// Express's sendFile refuses a path that climbs out of its `root` option, whether the options are written in the
// call or built just above it. Options without a root leave the path as the request gave it.
const express = require("express");
const path = require("path");
const app = express();

app.get("/view/*", (req, res) => {
  const options = { root: path.join(__dirname, "views"), dotfiles: "deny" };
  res.sendFile(req.params[0], options); // safe: path-traversal root option
});

app.get("/raw/*", (req, res) => {
  const options = { dotfiles: "deny", maxAge: 3600 };
  res.sendFile(path.join(__dirname, "views", req.params[0]), options); // vuln: path-traversal
});

app.listen(3000);
