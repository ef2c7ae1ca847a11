const fastify = require('fastify')();
fastify.register(require('./webhooks'));
fastify.listen({ port: 3000 });
