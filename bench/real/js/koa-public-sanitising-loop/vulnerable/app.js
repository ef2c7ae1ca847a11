const Koa = require('koa');
const publicFiles = require('./middleware/public');

const app = new Koa();
app.use(publicFiles(__dirname + '/public'));
app.listen(3000);
