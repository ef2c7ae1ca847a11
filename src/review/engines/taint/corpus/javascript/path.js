const fs = require("fs");
const path = require("path");
app.get("/file", (req, res) => {
  const name = req.query.name;
  fs.readFile("/srv/files/" + name, (err, d) => res.end(d)); // vuln: path-traversal
  res.sendFile(path.join(__dirname, "public", req.params.file)); // vuln: path-traversal
  fs.readFile(path.join("/srv/files", path.basename(name)), () => {}); // safe: path-traversal sanitized
  fs.readFileSync("/etc/app/config.json"); // safe: path-traversal constant
  const files = { logo: "logo.png", css: "site.css" };
  res.sendFile(path.join(__dirname, files[req.query.f])); // safe: path-traversal safe map key
  fs.createWriteStream(`/tmp/${req.body.upload}`); // vuln: path-traversal
});
