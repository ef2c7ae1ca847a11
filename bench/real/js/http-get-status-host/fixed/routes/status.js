const http = require('http');
const router = require('express').Router();

const SERVICES = ['billing.internal', 'search.internal', 'mailer.internal'];

router.get('/status/:host', (req, res) => {
  const host = req.params.host;
  if (!SERVICES.includes(host)) return res.status(404).json({ error: 'unknown service' });
  http
    .get(`http://${host}/healthz`, { timeout: 2000 }, (up) => {
      res.json({ host, status: up.statusCode });
      up.resume();
    })
    .on('error', () => res.json({ host, status: 'down' }));
});

router.get('/status', (_req, res) => res.json(SERVICES));
module.exports = router;
