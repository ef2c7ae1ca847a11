const router = require("express").Router();
const Item = require("../models/item");

router.get("/items", async (req, res) => {
  const items = await Item.find({ owner: String(req.query.owner) }); // safe: nosql-injection string coercion
  res.json(items);
});

module.exports = router;
