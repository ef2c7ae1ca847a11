const express = require('express');
const cookieParser = require('cookie-parser');
const serialize = require('node-serialize');

const app = express();
app.use(cookieParser());

app.get('/', (req, res) => {
  let prefs = { theme: 'light' };
  if (req.cookies.prefs) {
    prefs = serialize.unserialize(Buffer.from(req.cookies.prefs, 'base64').toString());
  }
  res.send(`<body class="${prefs.theme === 'dark' ? 'dark' : 'light'}">Hello</body>`);
});

app.listen(3000);
