const app = require('express')();
app.use(require('./routes/status'));
app.listen(3000);
