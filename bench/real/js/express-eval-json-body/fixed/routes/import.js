const express = require('express');
const contacts = [];

const router = express.Router();

router.post('/contacts', (req, res) => {
  let payload;
  try {
    payload = JSON.parse(req.body);
  } catch (e) {
    return res.status(400).json({ error: 'malformed payload' });
  }
  const list = Array.isArray(payload) ? payload : [payload];
  contacts.push(...list);
  res.status(201).json({ imported: list.length });
});

module.exports = router;
