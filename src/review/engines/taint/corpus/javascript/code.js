app.post("/calc", (req, res) => {
  const expr = req.body.expr;
  res.json(eval(expr)); // vuln: code-injection
  const fn = new Function("a", req.body.code); // vuln: code-injection
  setTimeout("tick(" + req.query.t + ")", 10); // vuln: code-injection
  res.json(JSON.parse(expr)); // safe: code-injection parsed as data
  const n = Number(req.body.n);
  eval("1 + " + n); // safe: code-injection sanitized number
  eval("2 + 2"); // safe: code-injection constant
  setTimeout(() => tick(expr), 10); // safe: code-injection function callback
});
