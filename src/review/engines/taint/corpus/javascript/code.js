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

// A rules engine compiling user-written conditions, and its fixed twin (a parsed whitelist of operators).
app.post("/rules/preview", (req, res) => {
  const { condition } = req.body;
  const test = Function("ctx", "return (" + condition + ");"); // vuln: code-injection
  const compiled = vm.compileFunction("return " + condition, ["ctx"]); // vuln: code-injection
  const sandbox = vm.createContext({ ctx: req.body.ctx });
  res.json(vm.runInContext(condition, sandbox)); // vuln: code-injection
  const script = new vm.Script(`result = (${condition})`); // vuln: code-injection
  res.json(test(req.body.ctx), compiled, script);
});
app.post("/rules/preview-fixed", (req, res) => {
  const { field, value } = req.body;
  const allowed = ["age", "country"];
  if (!allowed.includes(field)) return res.status(400).end();
  const test = Function("ctx", "return ctx." + field + " === ctx.expected;"); // safe: code-injection allow-list
  const sandbox = vm.createContext({ ctx: req.body.ctx, value });
  res.json(vm.runInContext("ctx.total > value", sandbox)); // safe: code-injection constant code, tainted sandbox
  const script = new vm.Script("result = ctx.total * 2"); // safe: code-injection constant
  res.json(test(req.body.ctx), script);
});
