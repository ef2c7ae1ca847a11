const crypto = require("crypto");
const h1 = crypto.createHash("md5").update(s).digest("hex"); // ok: js.weak-hash
const h2 = crypto.createHash("sha256").update(s).digest("hex"); // ok: js.weak-hash
const c1 = crypto.createCipheriv("aes-128-ecb", key, null); // expect: js.weak-cipher
const c2 = crypto.createCipheriv("des-ede3-cbc", key, iv); // expect: js.weak-cipher
const c3 = crypto.createCipheriv("aes-256-gcm", key, crypto.randomBytes(12)); // ok: js.weak-cipher, js.static-iv
const c4 = crypto.createCipheriv("aes-256-cbc", key, Buffer.from("0123456789abcdef")); // expect: js.static-iv
const resetToken = Math.random().toString(36).slice(2); // expect: js.insecure-random
const jitter = Math.random() * 100; // ok: js.insecure-random
const agent = new https.Agent({ rejectUnauthorized: false }); // expect: js.tls-verification-disabled
const agent2 = new https.Agent({ rejectUnauthorized: true, ca }); // ok: js.tls-verification-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0"; // expect: js.tls-verification-disabled
res.cookie("sid", sid, { httpOnly: false, secure: true }); // expect: js.insecure-cookie
res.cookie("sid", sid, { httpOnly: true, secure: true, sameSite: "lax" }); // ok: js.insecure-cookie
const password = "hunter2hunter2"; // expect: js.hardcoded-credential
const password2 = process.env.DB_PASSWORD; // ok: js.hardcoded-credential
const cfg = { user: "app", password: "s3cr3t-pass" }; // expect: js.hardcoded-credential
const env = { HOME: "/home/robot", PWD: "/home/robot/src" }; // ok: js.hardcoded-credential
const pwd = "./fixtures/work"; // ok: js.hardcoded-credential
jwt.verify(token, key, { algorithms: ["HS256", "none"] }); // expect: js.jwt-verification-disabled
jwt.verify(token, key, { algorithms: ["RS256"] }); // ok: js.jwt-verification-disabled
res.setHeader("Access-Control-Allow-Origin", "*"); // expect: js.cors-permissive
res.setHeader("Access-Control-Allow-Origin", "https://app.example.com"); // ok: js.cors-permissive
function merge(target, src) {
  for (const a in src) for (const b in src[a]) target[a][b] = src[a][b]; // expect: js.prototype-pollution
  target.meta.count = 1; // ok: js.prototype-pollution
}
const r1 = /^(a+)+$/; // expect: js.redos
const r2 = /^[a-z]+$/; // ok: js.redos
const r3 = new RegExp(req.query.pattern); // expect: js.redos
const server = new ApolloServer({ typeDefs, debug: true }); // expect: js.debug-mode
const server2 = new ApolloServer({ typeDefs, debug: false }); // ok: js.debug-mode
function etagOf(body) {
  return crypto.createHash("md5").update(body).digest("hex"); // ok: js.weak-hash
}
function hashPassword(pw) {
  return crypto.createHash("sha1").update(pw).digest("hex"); // expect: js.weak-hash
}
exports.etag = function (entity) {
  return crypto.createHash("sha1").update(entity).digest("base64"); // ok: js.weak-hash
};
module.exports.cacheKey = function cacheKey(url) {
  return crypto.createHash("md5").update(url).digest("hex"); // ok: js.weak-hash
};
exports.digestPassword = function digestPassword(pw) {
  return crypto.createHash("md5").update(pw).digest("hex"); // expect: js.weak-hash
};
const resetTokenHash = crypto.createHash("md5").update(resetToken).digest("hex"); // expect: js.weak-hash
function storeKey(raw, db) {
  const h = crypto.createHash("sha1"); // expect: js.weak-hash
  h.update(raw);
  return db.save({ apiKey: h.digest("hex") });
}
function verifyIntegrity(file, expected) {
  return crypto.createHash("md5").update(file).digest("hex") === expected; // expect: js.weak-hash
}
function shortName(identifier) {
  return crypto.createHash("sha1").update(identifier).digest("base64").slice(0, 8); // ok: js.weak-hash
}
function changed(session, seen) {
  return crypto.createHash("sha1").update(JSON.stringify(session)).digest("hex") !== seen; // ok: js.weak-hash
}
function generateResetCode() {
  return String(Math.floor(Math.random() * 1e6)); // expect: js.insecure-random
}
function backoff(n) {
  return n * 100 + Math.random() * 50; // ok: js.insecure-random
}
const JWT_SECRET = "c0rrect-h0rse-battery"; // expect: js.hardcoded-credential
const API_KEY = process.env.API_KEY; // ok: js.hardcoded-credential
app.use(session({ secret: "keyboard cat" })); // expect: js.hardcoded-credential
const signed = jwt.sign(claims, "inline-signing-key"); // expect: js.hardcoded-credential
const signed2 = jwt.sign(claims, JWT_SECRET_FROM_ENV); // ok: js.hardcoded-credential
const TOKEN_HEADER = "x-auth-token"; // ok: js.hardcoded-credential
const redacted = { secret: "hidden", public: "data" }; // ok: js.hardcoded-credential
const emoji = { secret: "\u3299\ufe0f", sos: "\u{1F198}" }; // ok: js.hardcoded-credential
const stripped = { secret: "SHOULD_BE_STRIPPED" }; // ok: js.hardcoded-credential
const COOKIE_SECRET = "cookie-sign-24"; // expect: js.hardcoded-credential
const claims2 = jwt.decode(token); // expect: js.jwt-verification-disabled
const header = jwt.decode(token, { complete: true }); // ok: js.jwt-verification-disabled
const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/; // ok: js.redos
const words = /^(\w+\s?)*$/; // expect: js.redos
function fill(grid, row, col, v) {
  grid[row][col] = v; // ok: js.prototype-pollution
}
const kHeaders = Symbol("headers");
const HIDDEN = "__hidden";
function setHeader(reply, key, value) {
  reply[kHeaders][key] = value; // ok: js.prototype-pollution
  reply[HIDDEN][key] = true; // ok: js.prototype-pollution
}
function setOption(store, scope, key, value) {
  store[scope][key] = value; // expect: js.prototype-pollution
}
window.addEventListener("message", (event) => {
  document.getElementById("out").innerHTML = event.data; // expect: js.message-origin-unchecked, js.xss-html-sink
});
window.addEventListener("message", (event) => {
  if (event.origin !== "https://app.example.com") return;
  document.getElementById("out").innerHTML = event.data; // ok: js.message-origin-unchecked // expect: js.xss-html-sink (pattern alone; the taint engine drops it)
});
const formErrors = { password: "Password must have 12 characters" }; // ok: js.hardcoded-credential
const masked = { password: "********" }; // ok: js.hardcoded-credential
// A validator module's email check, and its fixed release (each part consumed one way only).
const EMAIL = /^([a-zA-Z0-9_\.\-])+\@(([a-zA-Z0-9\-])+\.)+([a-zA-Z0-9]{2,4})+$/; // expect: js.redos
const EMAIL_FIXED = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/; // ok: js.redos
// A user-agent parser's token list tested against the header, and the fixed token pattern.
const isBot = (ua) => /(\w+\s?)+;\s*bot/i.test(ua); // expect: js.redos
const isBotFixed = (ua) => /;\s?bot\b/i.test(ua); // ok: js.redos
// A string helper's trim fallback; the fixed one uses String.prototype.trim.
const trimLeft = (s) => s.replace(/^\s+|\s+$/g, ""); // expect: js.redos
const trimFixed = (s) => s.replace(/^\s+/, ""); // ok: js.redos
// A CLI that compiles a dotted-name pattern, and its fixed class-based twin.
const dotted = new RegExp("^(\\w+\\.?)+$"); // expect: js.redos
const dottedFixed = new RegExp("^[\\w.]+$"); // ok: js.redos
const version = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(tag); // ok: js.redos
const constant = "a-b".split(/(-)+/); // ok: js.redos
// A deep-merge utility (its options object merged into defaults), and the release that fixed it.
function deepMerge(target, source) {
  for (const key of Object.keys(source)) {
    if (source[key] && typeof source[key] === "object") {
      if (!target[key]) target[key] = {};
      deepMerge(target[key], source[key]); // expect: js.prototype-pollution
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
function deepMergeFixed(target, source) {
  for (const key of Object.keys(source)) {
    if (UNSAFE_KEYS.has(key)) continue;
    if (source[key] && typeof source[key] === "object") {
      if (!target[key]) target[key] = {};
      deepMergeFixed(target[key], source[key]); // ok: js.prototype-pollution
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
// A hasOwnProperty check skips inherited keys only: JSON.parse gives __proto__ as an own key.
function extend(dest, src) {
  for (const k in src) {
    if (!Object.prototype.hasOwnProperty.call(src, k)) continue;
    if (typeof src[k] === "object") dest[k] = extend(dest[k] || {}, src[k]); // expect: js.prototype-pollution
    else dest[k] = src[k];
  }
  return dest;
}
// A set(obj, "a.b.c", value) helper, and its fixed twin.
function setPath(obj, path, value) {
  const parts = path.split(".");
  const last = parts.pop();
  let cur = obj;
  for (const part of parts) {
    if (typeof cur[part] !== "object") cur[part] = {};
    cur = cur[part];
  }
  cur[last] = value; // expect: js.prototype-pollution
}
function setPathFixed(obj, path, value) {
  const parts = path.split(".");
  if (parts.some((p) => p === "__proto__" || p === "constructor" || p === "prototype")) throw new Error("unsafe path");
  const last = parts.pop();
  let cur = obj;
  for (const part of parts) {
    if (typeof cur[part] !== "object") cur[part] = {};
    cur = cur[part];
  }
  cur[last] = value; // ok: js.prototype-pollution
}
// A shallow copy of keys is no pollution: nothing is written below the target itself.
function pick(src, names) {
  const out = {};
  for (const k of Object.keys(src)) if (names.includes(k)) out[k] = src[k]; // ok: js.prototype-pollution
  return out;
}
// A config loader reading "section.key=value" lines into a null-prototype object.
function loadIni(text) {
  const conf = Object.create(null);
  for (const line of text.split("\n")) {
    const [path, value] = line.split("=");
    const keys = path.split(".");
    let cur = conf;
    for (let i = 0; i < keys.length - 1; i++) cur = cur[keys[i]] = cur[keys[i]] || Object.create(null);
    cur[keys[keys.length - 1]] = value; // ok: js.prototype-pollution
  }
  return conf;
}
function loadIniUnsafe(text) {
  const conf = {};
  for (const line of text.split("\n")) {
    const [path, value] = line.split("=");
    const keys = path.split(".");
    let cur = conf;
    for (let i = 0; i < keys.length - 1; i++) cur = cur[keys[i]] = cur[keys[i]] || {};
    cur[keys[keys.length - 1]] = value; // expect: js.prototype-pollution
  }
  return conf;
}
// Code that parses or writes keys names their header; a key committed as a string has a body.
const opensshHeader = /^-----BEGIN OPENSSH PRIVATE KEY-----$/m; // ok: secret.private-key
const isRsaKey = (pem) => pem.indexOf("-----BEGIN RSA PRIVATE KEY-----") !== -1; // ok: secret.private-key
let written = "-----BEGIN OPENSSH PRIVATE KEY-----\n"; // ok: secret.private-key
const pinnedKey = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBv7Qm2kTz0cXr9LwJp4sVn8Hd3uYa6Gf1EiKoR5tWbNoAoGCCqGSM49\n"; // expect: secret.private-key
var PKCS8_START = '-----BEGIN PRIVATE KEY-----' // ok: secret.private-key
const sample = { key: '-----BEGIN PRIVATE KEY-----\nXXXX\nXXXX\n-----END PRIVATE KEY-----' }; // ok: secret.private-key
const joinedKey = '-----BEGIN RSA PRIVATE KEY-----' // expect: secret.private-key
  + '\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8QuKUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQ';
function sslFromMode(mode) {
  switch (mode) {
    case "no-verify":
      return { rejectUnauthorized: false }; // ok: js.tls-verification-disabled
    case "require":
      return { rejectUnauthorized: false }; // expect: js.tls-verification-disabled
  }
  if (options.insecure) return { rejectUnauthorized: false }; // ok: js.tls-verification-disabled
  return true;
}
