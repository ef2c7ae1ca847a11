const express = require("express");

const app = express();

app.get("/hello", (req, res) => {
  res.send("<h1>Hello " + req.query.name + "</h1>"); // vuln: xss
});

app.listen(3000);
