const cp = require("child_process");
function run(req, res, db, user) {
  cp.exec("ls " + req.query.dir); // expect: js.command-injection
  cp.exec("ls -la"); // ok: js.command-injection
  const m = urlPattern.exec(req.query.url); // ok: js.command-injection
  const n = /^[a-z]+$/.exec(req.query.name); // ok: js.command-injection
  db.exec(req.body.script); // ok: js.command-injection
  const tag = closingTags[i].exec(req.body.html); // ok: js.command-injection
  const twice = doubleSlashRegEx.exec(req.query.path); // ok: js.command-injection
  const queued = this.exec(req.query.task); // ok: js.command-injection
  execSync(`git log ${req.body.ref}`); // expect: js.command-injection
  cp.spawn("ls", [req.query.dir], { shell: true }); // expect: js.spawn-shell
  cp.spawn("ls", [req.query.dir]); // ok: js.spawn-shell
  eval(req.body.code); // expect: js.code-injection
  eval("1 + 1"); // ok: js.code-injection
  setTimeout(() => tick(), 100); // ok: js.code-injection
  setTimeout("tick(" + user + ")", 100); // expect: js.code-injection
  const pick = Function("row", "return " + req.query.where); // expect: js.code-injection
  const pickFixed = Function("row", "return row.active"); // ok: js.code-injection
  vm.runInContext(req.body.script, sandbox); // expect: js.code-injection
  vm.runInContext("total = a + b", sandbox); // ok: js.code-injection
  const script = new vm.Script(req.body.source); // expect: js.code-injection
  const fixedScript = new vm.Script("result = input.length"); // ok: js.code-injection
  db.query(`SELECT * FROM users WHERE id = ${req.params.id}`); // expect: js.sql-injection
  db.query("SELECT * FROM users WHERE name = '" + user + "'"); // expect: js.sql-injection
  db.query("SELECT * FROM users WHERE id = $1", [req.params.id]); // ok: js.sql-injection
  html.raw(`<option value="${req.query.tag}">`); // ok: js.sql-injection
  users.find({ $where: "this.name == '" + user + "'" }); // expect: js.nosql-injection
  users.find({ $where: "this.age > 18" }); // ok: js.nosql-injection
  client.search("ou=people", { filter: `(uid=${user})`, scope: "sub" }, cb); // expect: js.ldap-injection
  client.search("ou=people", { filter: "(objectClass=person)" }, cb); // ok: js.ldap-injection
  xpath.select("//user[name='" + user + "']", doc); // expect: js.xpath-injection
  xpath.select("//user", doc); // ok: js.xpath-injection
  fs.readFile(path.join(root, req.query.file), cb); // expect: js.path-traversal
  fs.readFile(path.join(root, "index.html"), cb); // ok: js.path-traversal
  res.send(`<p>Hello ${req.query.name}</p>`); // expect: js.xss-response
  res.send({ name: req.query.name }); // ok: js.xss-response
  fetch(req.query.url); // expect: js.ssrf
  fetch("https://api.example.com/v1/items"); // ok: js.ssrf
  res.redirect(req.query.next); // expect: js.open-redirect
  res.redirect("/login"); // ok: js.open-redirect
  libxml.parseXml(req.body, { noent: true }); // expect: js.xxe
  libxml.parseXml(req.body, { noent: false }); // ok: js.xxe
  serialize.unserialize(req.cookies.profile); // expect: js.unsafe-deserialization
  JSON.parse(req.cookies.profile); // ok: js.unsafe-deserialization
}
function render(el, html) {
  el.innerHTML = html; // expect: js.xss-html-sink
  el.innerHTML = "<b>static</b>"; // ok: js.xss-html-sink
  document.write(location.hash); // expect: js.xss-html-sink
}
