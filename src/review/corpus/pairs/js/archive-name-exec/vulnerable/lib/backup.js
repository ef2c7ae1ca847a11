const { exec } = require("child_process");

class Backup {
  constructor(dir) {
    this.dir = dir;
  }

  create(name, cb) {
    exec(`tar czf /var/backups/${name}.tgz ${this.dir}`, cb); // vuln: command-injection
  }
}

module.exports = Backup;
