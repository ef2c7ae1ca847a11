const Koa = require("koa");
const Router = require("@koa/router");
const db = require("./db");

const app = new Koa();
const router = new Router();

router.get("/reports", async (ctx) => {
  const id = ctx.query.id;
  ctx.body = await db.query("SELECT * FROM reports WHERE id = " + id); // vuln: sql-injection
});

app.use(router.routes());
app.listen(3000);
