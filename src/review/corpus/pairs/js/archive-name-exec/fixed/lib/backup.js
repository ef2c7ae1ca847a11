const { execFile } = require("child_process");

class Backup {
  constructor(dir) {
    this.dir = dir;
  }

  create(name, cb) {
    if (!/^[\w-]+$/.test(name)) return cb(new Error("invalid backup name"));
    execFile("tar", ["czf", `/var/backups/${name}.tgz`, this.dir], cb); // safe: command-injection argument array
  }
}

module.exports = Backup;
