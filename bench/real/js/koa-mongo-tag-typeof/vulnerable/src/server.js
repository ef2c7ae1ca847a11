const Koa = require('koa');
const qs = require('koa-qs');
const { MongoClient } = require('mongodb');

const mongo = new MongoClient(process.env.MONGO_URL);
const app = qs(new Koa());

app.use(async (ctx) => {
  if (ctx.path !== '/bookmarks') return;
  const { tag } = ctx.query;
  const items = await mongo.db('bm').collection('bookmarks').find({ tags: tag }).limit(100).toArray();
  ctx.body = items.map(({ _id, url, title }) => ({ id: _id, url, title }));
});

mongo.connect().then(() => app.listen(4000));
