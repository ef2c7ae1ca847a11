// Server setup: TLS clients, CORS, error handling, regexes and merging of user settings.
const https = require("https");
const express = require("express");
const cors = require("cors");
const axios = require("axios");

const app = express();
const ORIGINS = ["https://app.example.com"];

const agent = new https.Agent({ rejectUnauthorized: false }); // vuln: tls
const strictAgent = new https.Agent({ rejectUnauthorized: true, ca: process.env.CA_PEM }); // safe: tls verification on
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // vuln: tls
const devAgent = new https.Agent({ rejectUnauthorized: process.env.NODE_ENV === "production" }); // safe: tls env dependent

app.use(cors({ origin: ORIGINS, credentials: true })); // safe: cors allow-list
app.use(cors({ origin: true, credentials: true })); // vuln: cors
app.use((req, res, next) => {
  res.setHeader("Access-Control-Allow-Origin", "*"); // vuln: cors
  res.setHeader("X-Content-Type-Options", "nosniff"); // safe: cors other header
  res.setHeader("Access-Control-Allow-Origin", ORIGINS[0]); // safe: cors fixed origin
  next();
});

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i; // safe: redos linear
const BAD_RE = /^(a+)+$/; // vuln: redos
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/; // safe: redos linear

app.get("/filter", (req, res) => {
  const re = new RegExp(req.query.pattern); // vuln: redos
  const fixed = new RegExp("^" + ORIGINS.length + "$"); // safe: redos constant
  res.json({ ok: re.test("x") && fixed.test("1") });
});

function mergeSettings(target, source) {
  for (const key of Object.keys(source)) {
    for (const sub of Object.keys(source[key])) {
      target[key][sub] = source[key][sub]; // vuln: prototype-pollution
    }
  }
  return target;
}

function setCell(grid, row, col, value) {
  const r = Number(row), c = Number(col);
  grid[r][c] = value; // safe: prototype-pollution numeric indexes
}

app.use((err, req, res, next) => {
  res.status(500).json({ error: "internal error" }); // safe: debug generic error
});

async function callPartner(payload) {
  return axios.post("https://partner.example.com/api", payload, { httpsAgent: strictAgent }); // safe: tls verification on
}

module.exports = { agent, devAgent, mergeSettings, setCell, callPartner, EMAIL_RE, BAD_RE, SLUG_RE };

const messages = {
  password: "Password must be at least 12 characters", // safe: hardcoded-secret validation message
  email: "Email is required",
};
const testUser = { email: "demo@example.com", password: "changeme123" }; // vuln: hardcoded-secret
const mailer = { auth: { user: "noreply", pass: process.env.SMTP_PASS } }; // safe: hardcoded-secret env
const PASSWORD_RESET_PATH = "/account/password-reset"; // safe: hardcoded-secret path
const placeholder = { password: "********" }; // safe: hardcoded-secret masked

function pollInterval() {
  return 5000 + Math.floor(Math.random() * 1000); // safe: insecure-random jitter
}

function shuffle(list) {
  return list.sort(() => Math.random() - 0.5); // safe: insecure-random shuffle
}

function createInviteCode() {
  return Math.random().toString(36).slice(2, 10).toUpperCase(); // vuln: insecure-random
}

module.exports.extra = { messages, testUser, mailer, PASSWORD_RESET_PATH, placeholder, pollInterval, shuffle, createInviteCode };
