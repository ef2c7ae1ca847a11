app.get("/hello", (req, res) => {
  const name = req.query.name;
  res.send("<h1>Hello " + name + "</h1>"); // vuln: xss
  res.write(`<p>${req.query.msg}</p>`); // vuln: xss
  res.send("<h1>Hello " + escapeHtml(name) + "</h1>"); // safe: xss sanitized
  res.json({ name }); // safe: xss json response
  res.send("<h1>Hello</h1>"); // safe: xss constant
  const greeting = "hi";
  res.send(greeting); // safe: xss different variable
});
function render() {
  const q = location.hash.slice(1);
  document.getElementById("out").innerHTML = q; // vuln: xss
  document.getElementById("out").textContent = q; // safe: xss text content
  document.getElementById("x").innerHTML = "<b>static</b>"; // safe: xss constant
}
router.get("/koa", async (ctx) => {
  ctx.body = "<p>" + ctx.query.q + "</p>"; // vuln: xss
  ctx.body = { q: Number(ctx.query.q) }; // safe: xss sanitized number
});
