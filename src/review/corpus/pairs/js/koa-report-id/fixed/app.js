const Koa = require("koa");
const Router = require("@koa/router");
const db = require("./db");

const app = new Koa();
const router = new Router();

router.get("/reports", async (ctx) => {
  const id = Number.parseInt(ctx.query.id, 10);
  if (Number.isNaN(id)) {
    ctx.status = 400;
    return;
  }
  ctx.body = await db.query("SELECT * FROM reports WHERE id = " + id); // safe: sql-injection number
});

app.use(router.routes());
app.listen(3000);
