'use strict';
const cp = require('child_process');

const cache = new Map();

/**
 * Resolve an executable on PATH. Returns null when it is not installed.
 */
function which(name, callback) {
  if (cache.has(name)) return process.nextTick(callback, null, cache.get(name));
  cp.exec('which ' + name, (err, stdout) => {
    if (err) return callback(null, null);
    const found = stdout.trim() || null;
    cache.set(name, found);
    callback(null, found);
  });
}

function whichSync(name) {
  try {
    return cp.execFileSync('which', [name], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

module.exports = which;
module.exports.sync = whichSync;
