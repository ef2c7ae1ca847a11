// An account module storing passwords: fast digests of the password beside the key-derivation functions made
// for it, and fast digests of random tokens (how reset links and API keys are stored).
const crypto = require("crypto");
const bcrypt = require("bcrypt");

function hashPassword(password) {
  return crypto.createHash("sha256").update(password).digest("hex"); // expect: js.fast-password-hash
}

function hashWithSalt(user, salt) {
  return crypto.createHash("sha512").update(salt + user.password).digest("hex"); // expect: js.fast-password-hash
}

async function hashPasswordSlow(password) {
  return bcrypt.hash(password, 12); // ok: js.fast-password-hash
}

function deriveKey(password, salt) {
  return crypto.scryptSync(password, salt, 64); // ok: js.fast-password-hash
}

function storeResetToken(resetToken) {
  return crypto.createHash("sha256").update(resetToken).digest("hex"); // ok: js.fast-password-hash
}

function fingerprint(body) {
  return crypto.createHash("sha256").update(JSON.stringify(body)).digest("hex"); // ok: js.fast-password-hash
}

module.exports = { hashPassword, hashWithSalt, hashPasswordSlow, deriveKey, storeResetToken, fingerprint };
