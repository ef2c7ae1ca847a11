const express = require('express');
const Item = require('../models/item');

const router = express.Router();

router.get('/items', async (req, res) => {
  const items = await Item.find({ owner: String(req.query.owner) }).lean();
  res.end(JSON.stringify(items)); // safe: xss stored documents as JSON
});

router.post('/items', async (req, res) => {
  const item = await Item.create({ name: req.body.name, owner: req.user.id });
  res.status(201).send(item); // safe: xss the created document
});

module.exports = router;
