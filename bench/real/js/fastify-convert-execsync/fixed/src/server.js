const Fastify = require('fastify');
const app = Fastify({ logger: true });
app.register(require('./routes'), { prefix: '/v1' });
app.listen({ port: 8080, host: '0.0.0.0' });
