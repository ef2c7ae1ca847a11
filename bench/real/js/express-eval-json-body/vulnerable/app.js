const express = require('express');
const app = express();
app.use(express.text({ limit: '1mb' }));
app.use('/import', require('./routes/import'));
app.listen(5000);
