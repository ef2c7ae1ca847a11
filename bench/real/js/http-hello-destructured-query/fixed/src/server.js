const polka = require('polka');
const { hello } = require('./handlers');

polka().get('/hello', hello).listen(3000);
