app.post("/login", async (req, res) => {
  const user = await Users.findOne({ name: req.body.name, pass: req.body.pass }); // vuln: nosql-injection
  await Users.find({ $where: "this.name == '" + req.query.n + "'" }); // vuln: nosql-injection
  const user2 = await Users.findOne({ name: String(req.body.name) }); // safe: nosql-injection sanitized
  const list = [1, 2, 3].find((x) => x === 2); // safe: nosql-injection array find
  await Users.find({ active: true }); // safe: nosql-injection constant
});
