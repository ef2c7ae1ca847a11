// Runners in packages that run no queries: a system-info package's command executor and a session whose timers
// call bound methods, beside a timer given text.
const { exec } = require("child_process");

class CommandExecutor {
  execute(command, options) {
    return new Promise((resolve) => exec(command, options, (err, stdout) => resolve(stdout)));
  }
  version(command, flag) {
    return this.execute(`${command} ${flag}`, { timeout: 5000 }); // safe: sql-injection a command runner
  }
}

class Session {
  send(req) {
    req.timer = setTimeout(this.onTimeout.bind(this, req), req.timeout); // safe: code-injection a bound method is a function
  }
  sendLater(req) {
    req.timer = setTimeout("session.onTimeout(" + req.id + ")", req.timeout); // vuln: code-injection
  }
  onTimeout(req) {
    return req;
  }
}

module.exports.CommandExecutor = CommandExecutor;
module.exports.Session = Session;

// A system-info helper: device names pass the package's own shell-string sanitizer before the command line.
const { execSync } = require("child_process");
const util = { sanitizeShellString: (s) => String(s).replace(/[^\w.-]/g, "") };
exports.raidDetail = function raidDetail(device) {
  return execSync(`mdadm --export --detail /dev/${util.sanitizeShellString(device.name)}`).toString(); // safe: command-injection named shell sanitizer
};
exports.raidDetailLoose = function raidDetailLoose(device) {
  return execSync(`mdadm --export --detail /dev/${device.name}`).toString(); // vuln: command-injection
};
