// Documents looked up by id: an ObjectId is made from a 24-digit hex string or throws, so it carries no operator;
// the raw parameter in its place can be an object (`?id[$ne]=x`).
const express = require("express");
const { MongoClient, ObjectId } = require("mongodb");
const mongoose = require("mongoose");
const client = new MongoClient(process.env.MONGO_URL);
const Post = mongoose.model("Post", new mongoose.Schema({ title: String }));
const app = express();

app.get("/users/:id", async (req, res) => {
  res.json(await client.db().collection("users").findOne({ _id: new ObjectId(req.params.id) })); // safe: nosql-injection ObjectId
});

app.get("/posts", async (req, res) => {
  res.json(await Post.findOne({ _id: new mongoose.Types.ObjectId(req.query.id) })); // safe: nosql-injection ObjectId
});

app.get("/drafts", async (req, res) => {
  res.json(await client.db().collection("drafts").findOne({ _id: req.query.id })); // vuln: nosql-injection
});

app.listen(3000);
