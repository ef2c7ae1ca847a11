const express = require('express');
const axios = require('axios');

const router = express.Router();

router.post('/hooks/test', async (req, res) => {
  const target = new URL(req.body.url);
  const r = await axios.post(target.toString(), { ping: true }, { timeout: 3000 }); // vuln: ssrf
  res.json({ status: r.status });
});

module.exports = router;
