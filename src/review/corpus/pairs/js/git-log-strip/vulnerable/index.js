const cp = require('child_process');

module.exports = function gitLog(file, opts = {}) {
  const n = Number(opts.limit) || 10;
  return cp.execSync('git log -n ' + n + ' --format=%H -- ' + file, { encoding: 'utf8' }).split('\n'); // vuln: command-injection
};
