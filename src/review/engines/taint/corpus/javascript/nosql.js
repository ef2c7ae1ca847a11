app.post("/login", async (req, res) => {
  const user = await Users.findOne({ name: req.body.name, pass: req.body.pass }); // vuln: nosql-injection
  await Users.find({ $where: "this.name == '" + req.query.n + "'" }); // vuln: nosql-injection
  const user2 = await Users.findOne({ name: String(req.body.name) }); // safe: nosql-injection sanitized
  const list = [1, 2, 3].find((x) => x === 2); // safe: nosql-injection array find
  await Users.find({ active: true }); // safe: nosql-injection constant
});

// A Sequelize model looked up by request values: the ORM binds them as SQL parameters.
app.get("/orders/:id", async (req, res) => {
  const order = await Order.findOne({ where: { id: req.params.id, customerId: req.query.customer } }); // safe: nosql-injection sequelize where
  res.json(order);
});
// The same lookup written for the Mongo driver takes the request's object as a filter.
app.get("/orders-mongo/:id", async (req, res) => {
  const order = await orders.findOne({ _id: req.params.id, customerId: req.query.customer }); // vuln: nosql-injection
  res.json(order);
});
// Route parameters and header values are text whatever the client sends: no operator object reaches the filter.
app.get("/orders-by-id/:id", async (req, res) => {
  const order = await orders.findOne({ _id: req.params.id }); // safe: nosql-injection a route parameter is text
  const mine = await orders.find({ owner: req.get("x-user-id") }); // safe: nosql-injection a header value is text
  const tagged = await orders.find({ $where: "this.tag == '" + req.params.id + "'" }); // vuln: nosql-injection
  res.json({ order, mine, tagged });
});
