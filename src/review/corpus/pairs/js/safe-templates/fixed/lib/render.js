const fs = require("fs");
const path = require("path");

const dir = path.join(__dirname, "templates");
const pages = {};
for (const name of ["index", "about", "contact"]) {
  pages[name] = fs.readFileSync(path.join(dir, name + ".html"), "utf8"); // safe: path-traversal constant loop
}

exports.page = function page(name) {
  return pages[name] ?? pages.index;
};
