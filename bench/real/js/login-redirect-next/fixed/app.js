const express = require('express');
const session = require('express-session');
const app = express();
app.use(express.urlencoded({ extended: false }));
app.use(session({ secret: process.env.SESSION_SECRET, resave: false, saveUninitialized: false }));
app.use(require('./routes/auth'));
app.listen(3000);
