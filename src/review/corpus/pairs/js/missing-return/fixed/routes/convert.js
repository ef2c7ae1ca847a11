const { execSync } = require("child_process");
const express = require("express");

const router = express.Router();
const NAME = /^[a-z0-9_-]+$/i;

router.post("/convert", (req, res) => {
  const name = req.body.name;
  if (!NAME.test(name)) {
    res.status(400).send("invalid name");
    return;
  }
  execSync("convert uploads/" + name + ".png out/" + name + ".jpg"); // safe: command-injection allow-list then return
  res.send("ok");
});

module.exports = router;
