const router = require("express").Router();
const Item = require("../models/item");

router.get("/items", async (req, res) => {
  const items = await Item.find({ $where: "this.owner == '" + req.query.owner + "'" }); // vuln: nosql-injection
  res.json(items);
});

module.exports = router;
