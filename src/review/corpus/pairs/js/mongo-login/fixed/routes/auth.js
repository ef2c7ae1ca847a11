const express = require("express");
const User = require("../models/user");

const router = express.Router();

router.post("/login", async (req, res) => {
  const user = await User.findOne({ username: String(req.body.username), password: String(req.body.password) }); // safe: nosql-injection string coercion
  if (!user) return res.status(401).end();
  req.session.user = user.id;
  res.redirect("/");
});

module.exports = router;
