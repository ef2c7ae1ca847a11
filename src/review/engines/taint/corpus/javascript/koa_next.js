// A Koa service and a Next.js API route of the same product.
const Router = require("@koa/router");
const { exec } = require("child_process");
const fs = require("fs");
const path = require("path");
const router = new Router();
const REPORT_TYPES = ["daily", "weekly"];

// A body set from a file first: the context still holds the request's query after it.
router.get("/docs/:name", async (ctx) => {
  ctx.body = fs.readFileSync(path.join("/srv/docs", path.basename(ctx.params.name))); // safe: path-traversal base name
  ctx.redirect(ctx.query.back); // vuln: open-redirect
});

router.get("/reports/:type", async (ctx) => {
  const type = ctx.params.type;
  if (!REPORT_TYPES.includes(type)) ctx.throw(400, "unknown report");
  exec(`./bin/report --type ${type}`); // safe: command-injection allow-list throw
  exec(`./bin/report --user ${ctx.query.user}`); // vuln: command-injection
});

// An access log: the request line and header values as they came hold no line break (Node's parser refuses them).
router.use(async (ctx, next) => {
  console.log(`${ctx.method} ${ctx.url} from ${ctx.ip}`); // safe: log-injection raw request line
  console.log("agent " + ctx.get("user-agent") + " at " + ctx.path); // safe: log-injection raw header value
  console.log("searched " + ctx.query.q); // vuln: log-injection
  console.log("opened " + decodeURIComponent(ctx.path)); // vuln: log-injection
  await next();
});

router.get("/hello", async (ctx) => {
  ctx.body = `<h1>Hello ${ctx.query.name}</h1>`; // vuln: xss
  ctx.body = { hello: ctx.query.name }; // safe: xss json body
  await ctx.render("hello", { name: ctx.query.name }); // safe: xss template
  ctx.redirect(ctx.query.next); // vuln: open-redirect
  ctx.redirect("/login?next=" + encodeURIComponent(ctx.query.next)); // safe: open-redirect fixed path
});

// A responder middleware: ctx.body is the response the application set, ctx.request.body the request's.
router.use(async (ctx, next) => {
  await next();
  const res = ctx.res;
  if (typeof ctx.body === "string") res.end(ctx.body); // safe: xss response body the application set
  else res.end(ctx.message); // safe: xss response status message
  res.end(String(ctx.status)); // safe: xss response status
  res.write(ctx.request.body); // vuln: xss
});

router.post("/users", async (ctx) => {
  const { name, age } = ctx.request.body;
  await ctx.db.query("INSERT INTO users (name, age) VALUES ($1, $2)", [name, age]); // safe: sql-injection parameterized
  await ctx.db.query(`INSERT INTO audit (msg) VALUES ('created ${name}')`); // vuln: sql-injection
  ctx.status = 201;
});

export default async function handler(req, res) {
  const { id } = req.query;
  const user = await prisma.user.findUnique({ where: { id: Number(id) } });
  const rows = await prisma.$queryRaw`SELECT * FROM posts WHERE author = ${id}`; // safe: sql-injection tagged template
  const raw = await prisma.$queryRawUnsafe(`SELECT * FROM posts WHERE author = '${id}'`); // vuln: sql-injection
  res.status(200).json({ user, rows, raw }); // safe: xss json
}
