const cp = require('child_process');

function clean(input) {
  return String(input).replace(/[^a-zA-Z0-9._\/-]/g, '');
}

module.exports = function gitLog(file, opts = {}) {
  const n = Number(opts.limit) || 10;
  return cp.execSync('git log -n ' + n + ' --format=%H -- ' + clean(file), { encoding: 'utf8' }).split('\n'); // safe: command-injection only path characters kept
};
