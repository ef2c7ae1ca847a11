// Controllers calling the application's own service and repository layers: those are not the Mongo driver, and
// where a layer in the repository reaches one, the walk follows it there. A model or collection is the driver.
const express = require("express");
const { ItemsService } = require("./services/items");
const Item = require("./models/item");
const app = express();
app.use(express.json());

app.delete("/items", async (req, res) => {
  const service = new ItemsService({ accountability: req.accountability });
  await service.deleteMany(req.body.keys); // safe: nosql-injection application service
  res.sendStatus(204);
});

app.get("/items/:id", async (req, res) => {
  res.json(await req.app.locals.itemRepository.findOne(req.params.id)); // safe: nosql-injection application repository
});

app.delete("/items/raw", async (req, res) => {
  await Item.deleteMany(req.body); // vuln: nosql-injection
  res.sendStatus(204);
});

app.listen(3000);
