// Feeds router: request data parsed inside try blocks whose handlers answer and return.
const express = require("express");
const mongoose = require("mongoose");

const router = express.Router();
const Post = mongoose.model("Post");

router.get("/feed", async (req, res) => {
  let filter;
  try {
    filter = JSON.parse(req.query.filter);
  } catch (err) {
    return res.status(400).send("bad filter");
  }
  const docs = await Post.find(filter); // vuln: nosql-injection
  res.send(`<p>${docs.length} posts for ${req.query.filter}</p>`); // vuln: xss
});

router.get("/feed/page", async (req, res) => {
  let page = 1;
  try {
    page = Number.parseInt(req.query.page, 10);
  } catch {
    page = 1;
  } finally {
    res.set("Cache-Control", "no-store");
  }
  const docs = await Post.find({ page }); // safe: nosql-injection parsed integer
  res.send("<p>Page " + page + "</p>"); // safe: xss parsed integer
});
