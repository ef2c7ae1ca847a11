const express = require('express');
const axios = require('axios');

const app = express();
const ALLOWED_HOSTS = new Set(['images.example-cdn.net', 'avatars.example.org']);

app.get('/proxy', async (request, response) => {
  const target = request.query.url;
  let host;
  try {
    host = new URL(String(target)).hostname;
  } catch {
    return response.sendStatus(400);
  }
  if (!ALLOWED_HOSTS.has(host)) return response.sendStatus(403);
  try {
    const upstream = await axios.get(target, { responseType: 'stream', timeout: 5000 });
    response.set('content-type', upstream.headers['content-type']);
    upstream.data.pipe(response);
  } catch {
    response.sendStatus(502);
  }
});

app.listen(8081, () => console.log('proxy on 8081', [...ALLOWED_HOSTS].length, 'hosts'));
