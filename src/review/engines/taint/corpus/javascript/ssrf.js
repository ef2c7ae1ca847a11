app.get("/proxy", async (req, res) => {
  const url = req.query.url;
  const r = await fetch(url); // vuln: ssrf
  await axios.get("http://" + req.query.host + "/status"); // vuln: ssrf
  await fetch("https://api.example.com/status"); // safe: ssrf constant
  const hosts = { a: "https://a.example.com", b: "https://b.example.com" };
  await fetch(hosts[req.query.which]); // safe: ssrf safe map key
  await fetch("https://api.example.com/items/" + encodeURIComponent(req.query.id)); // safe: ssrf sanitized
  let target = req.query.target;
  target = "https://example.com";
  await got(target); // safe: ssrf overwritten
});
