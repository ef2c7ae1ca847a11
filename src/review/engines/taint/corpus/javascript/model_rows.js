// An Express API over Sequelize and Mongoose models: rows found by what the request names are the app's data.
const express = require("express");
const { Post, Link } = require("./models");
const User = require("./models/user");
const router = express.Router();
const TAGS = [{ name: "news", label: "News" }, { name: "tips", label: "Tips" }];

router.get("/posts/:slug", async (req, res) => {
  const post = await Post.findOne({ where: { slug: req.params.slug } });
  res.send(`<h1>${post.title}</h1>`); // safe: xss the row's stored title
});

router.get("/go/:id", async (req, res) => {
  const link = await Link.findByPk(req.params.id);
  res.redirect(link.target); // safe: open-redirect the stored target
});

router.get("/echo/:slug", async (req, res) => {
  const post = await Post.findOne({ where: { slug: req.params.slug } });
  res.send(`<h1>${req.params.slug}</h1>${post.title}`); // vuln: xss the slug itself
});

router.get("/tags", (req, res) => {
  const tag = TAGS.find((t) => t.name === req.query.tag);
  res.send(`<b>${tag.label}</b>`); // safe: xss an element of a fixed list
});

router.get("/users", async (req, res) => {
  const users = await User.find({ name: req.query.name }); // vuln: nosql-injection
  res.json(users);
});

router.get("/mirror", async (req, res) => {
  const picked = [req.query.a, req.query.b].find((v) => v);
  res.send(`<p>${picked}</p>`); // vuln: xss the request's own values
});

module.exports = router;
