const { execSync } = require('node:child_process');
const { join } = require('node:path');

const SPOOL = '/var/spool/convert';
const FORMATS = ['pdf', 'docx', 'odt', 'txt'];

module.exports = async function routes(fastify) {
  fastify.post('/convert/:id', async (request, reply) => {
    const { id } = request.params;
    const { to = 'pdf' } = request.query;
    if (!FORMATS.includes(to)) return reply.code(400).send({ error: 'unsupported format' });
    const src = join(SPOOL, `${Number(id)}.upload`);
    execSync(`soffice --headless --convert-to ${to} --outdir ${SPOOL} ${src}`, { timeout: 60000 });
    return reply.send({ id, format: to, formats: FORMATS.length });
  });
};
