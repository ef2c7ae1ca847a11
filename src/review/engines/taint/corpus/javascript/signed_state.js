// An Express app that restores a wizard's state from a cookie with node-serialize: unsigned, and signed with an
// HMAC checked in constant time before it is read.
const crypto = require("crypto");
const express = require("express");
const serialize = require("node-serialize");

const app = express();
const KEY = process.env.STATE_KEY;

app.get("/wizard", (req, res) => {
  const state = Buffer.from(req.cookies.state, "base64").toString();
  res.json(serialize.unserialize(state)); // vuln: deserialization
});

app.get("/wizard/signed", (req, res) => {
  const [state, sig] = String(req.cookies.state).split(".");
  const expected = crypto.createHmac("sha256", KEY).update(state).digest("hex");
  if (sig.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return res.sendStatus(400);
  res.json(serialize.unserialize(Buffer.from(state, "base64").toString())); // safe: deserialization signed by the server's key and checked
});

app.get("/wizard/inline", (req, res) => {
  const [state, sig] = String(req.cookies.state).split(".");
  if (!crypto.timingSafeEqual(Buffer.from(sig, "hex"), crypto.createHmac("sha256", KEY).update(state).digest())) return res.sendStatus(400);
  res.json(serialize.unserialize(Buffer.from(state, "base64").toString())); // safe: deserialization signed by the server's key and checked
});

app.get("/wizard/plain", (req, res) => {
  const [state, sig] = String(req.cookies.state).split(".");
  const expected = crypto.createHmac("sha256", KEY).update(state).digest("hex");
  if (sig !== expected) return res.sendStatus(400);
  res.json(serialize.unserialize(Buffer.from(state, "base64").toString())); // safe: deserialization signed and checked, if not in constant time
});

app.get("/wizard/plain-other", (req, res) => {
  const [state, sig, nonce] = String(req.cookies.state).split(".");
  const expected = crypto.createHmac("sha256", KEY).update(nonce).digest("hex");
  if (sig !== expected) return res.sendStatus(400);
  res.json(serialize.unserialize(Buffer.from(state, "base64").toString())); // vuln: deserialization another value signed
});
