// Auth service of an Express app: password storage, tokens, sessions, ids and caching headers.
const crypto = require("crypto");
const jwt = require("jsonwebtoken");
const bcrypt = require("bcrypt");
const session = require("express-session");

const JWT_SECRET = process.env.JWT_SECRET;
const SESSION_SECRET = process.env.SESSION_SECRET || crypto.randomBytes(32).toString("hex");
const API_KEY = "sk_live_51HqLyjWDarjtT1zdp7dcXk2mPq9rTz0abcd"; // vuln: hardcoded-secret
const DB_PASSWORD = "Winter2024!prod"; // vuln: hardcoded-secret
const DB_USER = "app_user"; // safe: hardcoded-secret not a secret
const PASSWORD_MIN_LENGTH = 12; // safe: hardcoded-secret a number
const passwordField = "password"; // safe: hardcoded-secret field name
const config = {
  db: { host: "localhost", user: "app", password: process.env.DB_PASS }, // safe: hardcoded-secret env lookup
  smtp: { user: "mailer", password: "mailer-pass-2023" }, // vuln: hardcoded-secret
  redis: { password: "" }, // safe: hardcoded-secret empty
};

function hashPassword(password) {
  return crypto.createHash("md5").update(password).digest("hex"); // vuln: weak-hash
}

function hashPasswordSha1(password, salt) {
  return crypto.createHash("sha1").update(salt + password).digest("hex"); // vuln: weak-hash
}

async function hashPasswordGood(password) {
  return bcrypt.hash(password, 12); // safe: weak-hash bcrypt
}

function etagFor(body) {
  return '"' + crypto.createHash("md5").update(body).digest("hex") + '"'; // safe: weak-hash etag
}

function cacheKey(url) {
  return crypto.createHash("sha1").update(url).digest("base64url"); // safe: weak-hash cache key
}

function fileChecksum(buf) {
  return crypto.createHash("sha256").update(buf).digest("hex"); // safe: weak-hash sha256
}

function newSessionToken() {
  const token = Math.random().toString(36).substring(2); // vuln: insecure-random
  return token;
}

function resetCode() {
  return Math.floor(100000 + Math.random() * 900000).toString(); // vuln: insecure-random
}

function generateApiKey() {
  let key = "";
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  for (let i = 0; i < 32; i++) key += chars.charAt(Math.floor(Math.random() * chars.length)); // vuln: insecure-random
  return key;
}

function goodToken() {
  const token = crypto.randomBytes(32).toString("hex"); // safe: insecure-random crypto
  return token;
}

function retryDelay(attempt) {
  const jitter = Math.random() * 100; // safe: insecure-random jitter
  return 2 ** attempt * 100 + jitter;
}

function pickColor(colors) {
  return colors[Math.floor(Math.random() * colors.length)]; // safe: insecure-random ui
}

function sampleRequest() {
  const sampled = Math.random() < 0.01; // safe: insecure-random sampling
  return sampled;
}

function requestId() {
  const id = crypto.randomUUID(); // safe: insecure-random crypto uuid
  return id;
}

function signToken(user) {
  return jwt.sign({ sub: user.id }, "s3cr3t-signing-key-do-not-share"); // vuln: hardcoded-secret
}

function signToken2(user) {
  return jwt.sign({ sub: user.id }, JWT_SECRET, { expiresIn: "1h", algorithm: "HS256" }); // safe: hardcoded-secret env
}

function readToken(token) {
  const claims = jwt.decode(token); // vuln: jwt
  const verified = jwt.verify(token, JWT_SECRET, { algorithms: ["HS256"] }); // safe: jwt verified
  const none = jwt.verify(token, JWT_SECRET, { algorithms: ["none", "HS256"] }); // vuln: jwt
  return { claims, verified, none };
}

function encrypt(text, key) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv); // safe: weak-cipher gcm
  const old = crypto.createCipheriv("des-ede3-cbc", key, iv); // vuln: weak-cipher
  const ecb = crypto.createCipheriv("aes-128-ecb", key, null); // vuln: weak-cipher
  const fixed = crypto.createCipheriv("aes-256-cbc", key, "0000000000000000"); // vuln: static-iv
  return [cipher, old, ecb, fixed];
}

function sessionMiddleware() {
  return session({ secret: "keyboard cat", resave: false, saveUninitialized: false }); // vuln: hardcoded-secret
}

function sessionMiddleware2() {
  return session({ secret: SESSION_SECRET, cookie: { secure: true, httpOnly: true, sameSite: "lax" } }); // safe: hardcoded-secret env
}

function setLoginCookie(res, token) {
  res.cookie("sid", token, { httpOnly: true, secure: true, sameSite: "strict" }); // safe: insecure-cookie flags set
  res.cookie("sid", token, { httpOnly: false, secure: false }); // vuln: insecure-cookie
  res.cookie("theme", "dark", { maxAge: 86400000 }); // safe: insecure-cookie not sensitive
}

module.exports = { hashPassword, hashPasswordSha1, hashPasswordGood, etagFor, cacheKey, fileChecksum, newSessionToken,
  resetCode, generateApiKey, goodToken, retryDelay, pickColor, sampleRequest, requestId, signToken, signToken2,
  readToken, encrypt, sessionMiddleware, sessionMiddleware2, setLoginCookie, config, DB_USER, PASSWORD_MIN_LENGTH, passwordField };
