const { isPublicHttpsUrl } = require('./net');

module.exports = async function routes(app) {
  app.post('/webhooks/test', async (req, reply) => {
    const { callbackUrl, event = 'ping' } = req.body;
    if (!(await isPublicHttpsUrl(callbackUrl))) return reply.code(400).send({ error: 'callbackUrl must be a public https URL' });
    const res = await fetch(callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event, sentAt: new Date().toISOString() }),
    });
    return reply.send({ delivered: res.ok, status: res.status });
  });
};
