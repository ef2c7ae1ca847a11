const { execSync, execFileSync } = require('child_process');
const path = require('path');

class Repo {
  constructor(dir) {
    this.dir = path.resolve(dir);
  }

  git(args) {
    return execSync('git ' + args.join(' '), { cwd: this.dir, encoding: 'utf8' });
  }

  currentBranch() {
    return this.git(['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  }

  checkout(ref, { create = false } = {}) {
    const args = create ? ['checkout', '-b', ref] : ['checkout', ref, '--'];
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8' });
  }

  log(n = 10) {
    return this.git(['log', '--oneline', '-n', String(n)]).split('\n').filter(Boolean);
  }
}

module.exports = Repo;
