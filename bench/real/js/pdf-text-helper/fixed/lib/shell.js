const { execSync, execFileSync } = require('child_process');

function run(command, cwd) {
  return execSync(command, { cwd, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
}

function runFile(bin, args, cwd) {
  return execFileSync(bin, args, { cwd, encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
}

module.exports = { run, runFile };
