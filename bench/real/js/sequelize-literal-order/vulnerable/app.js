const express = require('express');
const products = require('./services/products');

const app = express();
app.get('/products', async (req, res) => res.json(await products.list(req.query.sort, req.query.dir)));
app.listen(3000);
