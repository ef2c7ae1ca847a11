const fs = require("fs");
const os = require("os");
const path = require("path");
const crypto = require("crypto");

const cacheDir = path.join(os.tmpdir(), "pkg-cache");

function keyFile(key) {
  const digest = crypto.createHash("sha256").update(key).digest("hex");
  return path.join(cacheDir, digest + ".json");
}

function read(key) {
  const file = keyFile(key);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null; // safe: path-traversal hashed name
}

function write(key, value) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const tmp = path.join(cacheDir, `.tmp-${process.pid}-${Date.now()}`);
  fs.writeFileSync(tmp, JSON.stringify(value)); // safe: path-traversal pid and time
  fs.renameSync(tmp, keyFile(key));
}

module.exports = { read, write };
