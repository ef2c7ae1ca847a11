const Koa = require('koa');
const Router = require('@koa/router');
const { execFile } = require('node:child_process');
const util = require('node:util');

const sh = util.promisify(execFile);
const app = new Koa();
const router = new Router({ prefix: '/admin' });
const SITES = '/srv/sites';

router.post('/backup', async (ctx) => {
  const name = ctx.query.site;
  if (!name) ctx.throw(400, 'site required');
  const target = `/var/backups/${name}-${Date.now()}.tgz`;
  await sh('tar', ['-czf', target, '-C', SITES, '--', name]);
  ctx.body = { archive: target };
});

app.use(router.routes()).use(router.allowedMethods());
module.exports = app;
