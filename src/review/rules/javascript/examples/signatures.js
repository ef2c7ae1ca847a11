// Webhook and API-key checks of an Express app, and look-alikes that compare no secret.
const crypto = require("crypto");
const express = require("express");
const app = express();
const API_KEY = process.env.API_KEY;

app.post("/hook", express.raw({ type: "*/*" }), (req, res) => {
  const expected = "sha256=" + crypto.createHmac("sha256", process.env.HOOK_SECRET).update(req.body).digest("hex");
  if (req.get("x-hub-signature-256") !== expected) return res.sendStatus(401); // expect: js.timing-unsafe-compare
  res.sendStatus(204);
});

app.post("/hook/fixed", express.raw({ type: "*/*" }), (req, res) => {
  const expected = Buffer.from("sha256=" + crypto.createHmac("sha256", process.env.HOOK_SECRET).update(req.body).digest("hex"));
  const given = Buffer.from(req.get("x-hub-signature-256") || "");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return res.sendStatus(401); // ok: js.timing-unsafe-compare
  res.sendStatus(204);
});

function requireKey(req, res, next) {
  if (req.headers["x-api-key"] === API_KEY) return next(); // expect: js.timing-unsafe-compare
  res.sendStatus(403);
}

function checkCsrf(req) {
  return req.body._csrf == req.session.csrfSecret; // expect: js.timing-unsafe-compare
}

function tokenShape(accessToken, TokenKind, tok) {
  if (typeof accessToken !== "string") return false; // ok: js.timing-unsafe-compare
  if (accessToken === undefined || accessToken === null) return false; // ok: js.timing-unsafe-compare
  if (accessToken.length !== 40) return false; // ok: js.timing-unsafe-compare
  if (accessToken === "") return false; // ok: js.timing-unsafe-compare
  return tok.kind === TokenKind.SECRET; // ok: js.timing-unsafe-compare
}

module.exports = { app, requireKey, checkCsrf, tokenShape };

class Credentials {
  constructor(secret) {
    this.secret = secret;
  }
  equals(other) {
    return this.secret === other.secret; // ok: js.timing-unsafe-compare
  }
}

function verifyReset(user, resetToken) {
  return user.resetToken === resetToken; // expect: js.timing-unsafe-compare
}

function usesNewestKey(secret, secrets) {
  return secret !== secrets[0]; // ok: js.timing-unsafe-compare
}

function clientAuth(client, clientSecret) {
  if (client.client_secret !== clientSecret) throw new Error("invalid_client"); // expect: js.timing-unsafe-compare
}

function describe(node, SyntaxKind, hasAccessKey, hasSecretKey) {
  if (hasAccessKey !== hasSecretKey) throw new Error("both keys or neither"); // ok: js.timing-unsafe-compare
  return node.kind === SyntaxKind.JSDocSignature; // ok: js.timing-unsafe-compare
}

module.exports.more = { describe, Credentials, verifyReset, usesNewestKey, clientAuth };
