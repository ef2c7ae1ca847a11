const Router = require('@koa/router');
const knex = require('./db');

const router = new Router();

router.get('/posts', async (ctx) => {
  const posts = await knex('posts').where({ author: ctx.query.author }).select('id', 'title');
  ctx.body = posts; // safe: xss database rows, sent as JSON
});

router.get('/posts/:id', async (ctx) => {
  const post = await knex('posts').where('id', ctx.params.id).first();
  if (!post) ctx.throw(404);
  ctx.body = post; // safe: xss database row
});

router.get('/reports/:year', async (ctx) => {
  const rows = await knex.raw('select * from reports where year = ? and owner = ?', [ctx.params.year, ctx.state.user.id]);
  ctx.body = rows.rows; // safe: xss database rows
});

module.exports = router;
