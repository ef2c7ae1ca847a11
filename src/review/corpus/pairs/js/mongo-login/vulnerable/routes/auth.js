const express = require("express");
const User = require("../models/user");

const router = express.Router();

router.post("/login", async (req, res) => {
  const user = await User.findOne({ username: req.body.username, password: req.body.password }); // vuln: nosql-injection
  if (!user) return res.status(401).end();
  req.session.user = user.id;
  res.redirect("/");
});

module.exports = router;
